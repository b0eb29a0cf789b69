import Testing
import WidgetRules

/// The generated names the scan's `.symbol` uses are matched through.
@Suite struct AssetSymbolTests {
    @Test func separatorsStartWords() {
        #expect(AssetSymbol.name(for: "no-podcast-artwork") == "noPodcastArtwork")
        #expect(AssetSymbol.name(for: "icon_new_note") == "iconNewNote")
        #expect(AssetSymbol.name(for: "logo white small") == "logoWhiteSmall")
        #expect(AssetSymbol.name(for: "navigation-menu.row.icon") == "navigationMenuRowIcon")
    }

    @Test func aLetterAfterADigitStartsAWord() {
        #expect(AssetSymbol.name(for: "ic_chat_white_24px") == "icChatWhite24Px")
    }

    @Test func theFirstLetterIsLowercase() {
        #expect(AssetSymbol.name(for: "AppIcon") == "appIcon")
        #expect(AssetSymbol.name(for: "FoqosStickerLogo") == "foqosStickerLogo")
        #expect(AssetSymbol.name(for: "ruuvi_logo") == "ruuviLogo")
    }
}
