/// The preview page's fixed CSS; the scenes' colours and the frame sizes are written next to
/// it (`PreviewScene.css`, `PreviewPage`), from their declarations.
enum PreviewStyle {
    static let css = """
        *{box-sizing:border-box}
        body{margin:0;font:13px/1.45 -apple-system,BlinkMacSystemFont,"SF Pro Text","Helvetica Neue",system-ui,sans-serif;\
        color:#1d1d1f;background:#f5f5f7;-webkit-font-smoothing:antialiased}
        .top{padding:24px 28px 4px}
        h1{font-size:26px;font-weight:700;letter-spacing:-.02em;margin:0 0 4px}
        .summary,.device{color:#6e6e73;margin:2px 0}
        .shard{margin:6px 0 2px;padding:6px 10px;border-radius:8px;background:#fff4e5;color:#a34b00;display:inline-block}
        .filters{position:absolute}
        .cards{padding:14px 28px;display:flex;flex-direction:column;gap:16px}
        .card{display:grid;grid-template-columns:190px 1fr;gap:20px;background:#fff;border-radius:18px;padding:16px;\
        box-shadow:0 1px 2px rgba(0,0,0,.04),0 6px 20px rgba(0,0,0,.05)}
        .output+.output{margin-top:14px;padding-top:12px;border-top:1px solid #ececf0}
        .stored{display:block;width:100%;height:100px;border-radius:10px;margin:8px 0 10px;\
        background:var(--img) center/contain no-repeat,repeating-conic-gradient(#ececf0 0% 25%,#fff 0% 50%) 0 0/14px 14px}
        img.stored{object-fit:contain;background:repeating-conic-gradient(#ececf0 0% 25%,#fff 0% 50%) 0 0/14px 14px}
        .name{font-size:14px;font-weight:600;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .family{display:inline-block;margin:4px 0 0;padding:1px 8px;border-radius:999px;background:#e8f0fe;color:#0b57d0;\
        font-size:11px;font-weight:600}
        .facts,.appearance{color:#6e6e73;font-size:11.5px;margin:6px 0}
        .rendition{margin:6px 0;padding:4px 8px;border-radius:8px;background:#e8f0fe;color:#0b57d0;font-size:11px}
        .warnings{margin:6px 0;padding:0;list-style:none;font-size:11.5px;color:#a34b00}
        .warnings li{padding:6px 8px;margin:4px 0;border-radius:8px;background:#fff4e5}
        details{margin:6px 0 0;font-size:11.5px;color:#6e6e73}summary{cursor:pointer}
        .fits{list-style:none;padding:0;margin:6px 0 0;font-size:11px}
        .fits li{padding:1px 0 1px 14px;position:relative;overflow-wrap:anywhere}
        .fits li::before{position:absolute;left:0}
        .fit{color:#1a7f37}.fit::before{content:"\\2713"}
        .over{color:#b3261e}.over::before{content:"\\2717"}
        .unoffered{color:#86868b}.unoffered::before{content:"\\2013"}
        .noslot{color:#6e6e73;font-size:11.5px;font-style:italic}
        .scenes{display:flex;flex-wrap:wrap;gap:12px;align-content:flex-start}
        .scene{border-radius:14px;padding:10px 16px 16px}
        .scene h3{margin:0 0 10px;font-size:11px;font-weight:600;letter-spacing:.01em}
        .scene h3 span{font-weight:400;opacity:.7}
        .frames{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
        .frame{position:relative;overflow:hidden;flex:none}
        .frame[data-mode=fullColor]{box-shadow:0 1px 3px rgba(0,0,0,.12)}
        .frame[data-mode=accented],.frame[data-mode=vibrant]{box-shadow:inset 0 0 0 1px rgba(255,255,255,.22)}
        .art{display:block;width:100%;height:100%;border-radius:inherit;background:var(--img) center/cover no-repeat}
        img.art{object-fit:cover;object-position:center}
        .failed{padding:0 28px}.failed h2{font-size:16px}
        .failures li{margin:4px 0;color:#b3261e}.failures code{color:#1d1d1f}
        footer{padding:8px 28px 28px;color:#6e6e73;font-size:11.5px;max-width:960px}
        @media print{*{-webkit-print-color-adjust:exact;print-color-adjust:exact}.card{break-inside:avoid;box-shadow:none}}
        """
}
