import Testing
import WidgetRules

/// Each form the scan reads, on small sources written here: the expected values are the
/// literals in those sources.
@Suite struct WidgetSourceScanTests {
    private func scan(_ text: String, _ more: (path: String, text: String)...) -> WidgetCode {
        WidgetSourceScan.scan([("W.swift", text)] + more)
    }

    private func names(_ code: WidgetCode) -> [String] {
        code.assets.map {
            switch $0.name {
            case .string(let name): name
            case .symbol(let name): "." + name
            }
        }
    }

    // MARK: Families

    @Test func literalFamiliesAreUnionedAcrossWidgets() {
        let code = scan("""
            struct A: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { entry in V(entry) }
                        .configurationDisplayName("A")
                        .supportedFamilies([.systemSmall, .accessoryInline])
                }
            }
            struct B: Widget {
                var body: some WidgetConfiguration {
                    AppIntentConfiguration(kind: "b", intent: I.self, provider: P()) { V($0) }
                    .supportedFamilies([WidgetFamily.systemLarge])
                }
            }
            """)
        #expect(code.families == [.systemSmall, .systemLarge, .accessoryInline])
        #expect(code.familiesEvidence.contains("W.swift:5"))
        #expect(code.familiesEvidence.contains("W.swift:11"))
    }

    @Test func familiesThroughAFunctionAPropertyAndAConstant() {
        let function = scan("""
            struct A: Widget {
                var body: some WidgetConfiguration {
                    return IntentConfiguration(kind: k, intent: I.self, provider: P()) { e in V(e) }
                        .supportedFamilies(self.supportedFamilies())
                }
                private func supportedFamilies() -> [WidgetFamily] {
                    if #available(iOSApplicationExtension 16.0, *) {
                        return [.systemSmall, .accessoryCircular]
                    }
                    return [.systemSmall]
                }
            }
            """)
        #expect(function.families == [.systemSmall, .accessoryCircular])
        #expect(function.familiesEvidence.contains("W.swift:6"))

        let property = scan("""
            struct A: Widget {
                private var supportedFamilies: [WidgetFamily] {
                    if #available(iOS 16, *) { [.systemMedium, .accessoryRectangular] } else { [.systemMedium] }
                }
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { V($0) }.supportedFamilies(supportedFamilies)
                }
            }
            """)
        #expect(property.families == [.systemMedium, .accessoryRectangular])

        let constant = scan("""
            enum Families { static let all: [WidgetFamily] = [.systemLarge] }
            struct A: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { V($0) }.supportedFamilies(Families.all)
                }
            }
            """)
        #expect(constant.families == [.systemLarge])
    }

    @Test func aConfigurationWithoutFamiliesOrNoneAtAllMeansThePlatformsFamilies() {
        let missing = scan("""
            struct A: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { V($0) }.supportedFamilies([.systemSmall])
                }
            }
            struct B: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "b", provider: P()) { _ in V() }
                        .configurationDisplayName("B")
                }
            }
            """)
        #expect(missing.families == nil)
        #expect(missing.familiesEvidence.contains("W.swift:8"))

        let unreadable = scan("""
            struct A: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { V($0) }.supportedFamilies(Settings.load())
                }
            }
            """)
        #expect(unreadable.families == nil)

        #expect(scan("struct V: View { var body: some View { Text(\"a\") } }").families == nil)

        // A Live Activity declares none and forces nothing.
        let activity = scan("""
            struct L: Widget {
                var body: some WidgetConfiguration {
                    ActivityConfiguration(for: A.self) { context in Text("x") } dynamicIsland: { c in D() }
                }
            }
            struct A: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "a", provider: P()) { V($0) }.supportedFamilies([.accessoryCorner])
                }
            }
            """)
        #expect(activity.families == [.accessoryCorner])
    }

    // MARK: Assets

    @Test func literalNamesAndTheirSpellings() {
        let code = scan("""
            struct V: View {
                var body: some View {
                    VStack {
                        Image("a")
                        Image("b", bundle: .main)
                        Image(decorative: "c")
                        Image(uiImage: UIImage(named: "d")!)
                        Image(nsImage: NSImage(named: "e")!)
                        Image(systemName: "star.fill")
                        Image(uiImage: UIImage(data: data)!)
                        Image(.noPodcastArtwork)
                        Image(ImageResource.logo)
                        Image(uiImage: UIImage(resource: .icon))
                        Image(#"raw"#)
                        Image("esc\\u{41}ped")
                    }
                }
            }
            """)
        #expect(names(code) == ["a", "b", "c", "d", "e", ".noPodcastArtwork", ".logo", ".icon", "raw", "escAped"])
        #expect(code.assets.map(\.location.line) == [4, 5, 6, 7, 8, 11, 12, 13, 14, 15])
        #expect(code.unresolvedNames.isEmpty)
    }

    @Test func namesInCommentsAndInterpolationsAreNotDrawn() {
        let code = scan("""
            // Image("comment")
            /* Image("block") /* nested */ Image("still comment") */
            let text = "Image(\\("x")) and \\(Image("inside"))"
            let multi = \"\"\"
                Image("multi")
                \"\"\"
            struct V: View { var body: some View { Image("real") } }
            """)
        #expect(names(code) == ["real"])
        #expect(code.assets.first?.location.line == 7)
    }

    @Test func namesFollowedThroughConstantsEnumsAndBodies() {
        let code = scan("""
            struct NewNote: View {
                var body: some View { Image(Constants.newNoteImage) }
            }
            private struct Constants { static let newNoteImage = "icon_new_note" }
            enum Asset: String {
                case ruuviLogo = "ruuvi_logo"
                case plain
            }
            struct Logo: View {
                var body: some View {
                    Image(Asset.ruuviLogo.rawValue)
                    Image(Asset.plain.rawValue)
                    Image(flag ? "on" : "off")
                    Image(iconAssetName)
                }
                private var iconAssetName: String {
                    switch scheme {
                    case .dark: return "logo_white"
                    default: return "logo_red"
                    }
                }
            }
            """)
        #expect(names(code) == ["icon_new_note", "ruuvi_logo", "plain", "on", "off", "logo_white", "logo_red"])
        #expect(code.unresolvedNames.isEmpty)
    }

    @Test func parametersTakeTheirCallersLiterals() {
        let code = scan("""
            struct StickerView: View {
                let assetName: String
                var body: some View { Image(assetName).frame(width: 20, height: 20) }
            }
            struct Row: View {
                var body: some View {
                    StickerView(assetName: "PauseStickerIcon")
                    sticker("CoffeeStickerIcon", size: 30)
                }
                private func sticker(_ name: String, size: CGFloat) -> some View {
                    Image(name).resizable().frame(width: size, height: size)
                }
            }
            struct Scheme {
                let icon: String
                static let bold = Scheme(icon: "logo_bold")
                static let plain = Scheme(icon: "logo_plain")
            }
            struct Header: View {
                var body: some View { Image(scheme.icon) }
            }
            """)
        #expect(names(code) == ["PauseStickerIcon", "CoffeeStickerIcon", "logo_bold", "logo_plain"])
        #expect(code.assets[1].role == .framed(width: 30, height: 30))
    }

    @Test func runTimeNamesAreUnresolvedWithTheirPlace() {
        let code = scan("""
            class Helper {
                class func loadAppIconName() -> String {
                    guard let icon = defaults.string(forKey: "icon") else { return "AppIcon-Default" }
                    return icon
                }
            }
            struct V: View {
                let names: [String]
                var body: some View {
                    Image(Helper.loadAppIconName())
                    ForEach(names, id: \\.self) { name in Image(name) }
                }
            }
            """)
        #expect(code.unresolvedNames == [CodeLocation(file: "W.swift", line: 10), CodeLocation(file: "W.swift", line: 11)])
        // What it may be besides is still a use.
        #expect(names(code) == ["AppIcon-Default"])
    }

    // MARK: Roles

    @Test func rolesFromTheChainAndWhatEnclosesTheImage() {
        let code = scan("""
            struct V: View {
                let size: CGFloat = 20
                var body: some View {
                    Text("x")
                        .containerBackground(for: .widget) {
                            Image("bg").resizable()
                        }
                        .background(Image("bg2"))
                        .background { Image("bg3") }
                    Image("framed")
                        .resizable()
                        .frame(width: 44, height: 32.5)
                    Image("named").frame(width: size, height: CommonHelper.iconSize)
                    Image("max").frame(maxWidth: 52, maxHeight: .infinity)
                    Image("free").resizable()
                    Group {
                        on ? Image("pause").resizable() : Image("play").resizable()
                    }
                    .frame(width: 28, height: 28)
                    Artwork()
                    Image(uiImage: UIImage(named: "wrapped")!).resizable().frame(width: 10, height: 12)
                    Color.clear.background(SwiftUI.Image("qualified"))
                    Icons.Image("other")
                }
            }
            enum CommonHelper { static let iconSize: CGFloat = 28 }
            struct Artwork: View {
                var size: CGFloat = 74
                var body: some View { Image("art").frame(maxHeight: size) }
            }
            struct Caller: View {
                var body: some View { Artwork(size: 120) }
            }
            """)
        let roles = Dictionary(uniqueKeysWithValues: code.assets.compactMap { use -> (String, DrawnRole)? in
            guard case .string(let name) = use.name else { return nil }
            return (name, use.role)
        })
        #expect(roles["bg"] == .fillsSlot)
        #expect(roles["bg2"] == .fillsSlot)
        #expect(roles["bg3"] == .fillsSlot)
        #expect(roles["framed"] == .framed(width: 44, height: 32.5))
        #expect(roles["named"] == .framed(width: 20, height: 28))
        #expect(roles["max"] == .framed(width: 52, height: nil))
        #expect(roles["free"] == .unknown)
        #expect(roles["pause"] == .framed(width: 28, height: 28))
        #expect(roles["play"] == .framed(width: 28, height: 28))
        // The default and a caller's value: the largest.
        #expect(roles["wrapped"] == .framed(width: 10, height: 12))
        #expect(roles["qualified"] == .fillsSlot)
        #expect(roles["other"] == nil)
        #expect(roles["art"] == .framed(width: nil, height: 120))
    }

    // MARK: Hostile input

    @Test func hostileInputEndsAndStaysSane() {
        // Unterminated string and comment.
        let open = scan("struct V: View { var body: some View { Image(\"a\") } }\nlet s = \"never closed\nImage(\"b\")\n/* never closed Image(\"c\")")
        #expect(names(open) == ["a", "b"])
        let openInterpolation = scan("let s = \"a \\(f(\"b\nImage(\"c\")\n")
        #expect(names(openInterpolation) == ["c"])
        let openMultiline = scan("let s = \"\"\"\nImage(\"x\")\n")
        #expect(names(openMultiline).isEmpty)

        // 200,000 nested parentheses, then braces, with an image at the bottom.
        let depth = 200_000
        let parens = String(repeating: "(", count: depth) + "Image(\"deep\")" + String(repeating: ")", count: depth)
        let deep = scan(parens)
        #expect(names(deep) == ["deep"])
        let braces = scan(String(repeating: "{", count: depth) + "Image(\"deep\").frame(width: 3, height: 4)")
        #expect(braces.assets.map(\.role) == [.framed(width: 3, height: 4)])
        #expect(scan(String(repeating: ")", count: depth) + String(repeating: "]", count: depth)).assets.isEmpty)

        // A 5 MB file on one line: one image and 420,000 calls of the function whose
        // parameter it draws.
        var line = "func f(n: String) { Image(n) }"
        line.reserveCapacity(5_200_000)
        for number in 0..<420_000 { line += " f(n: \"i\(number % 7)\");" }
        #expect(line.utf8.count > 5_000_000)
        let big = scan(line)
        #expect(names(big).sorted() == (0..<7).map { "i\($0)" })
        #expect(big.assets.allSatisfy { $0.location.line == 1 })

        // One 3 MB string literal as a name, and an unterminated raw string as long.
        let long = String(repeating: "a", count: 3_000_000)
        let wide = scan("struct V: View { var body: some View { Image(\"\(long)\") } }\nlet s = #\"" + long)
        #expect(wide.assets.map(\.name) == [.string(long)])

        // A function with a 1,000,000-token body, named by 50,000 images: followed once.
        var heavy = "func f() -> String { x" + String(repeating: " + x", count: 500_000) + " }\n"
        heavy += String(repeating: "Image(f())\n", count: 50_000)
        let followedOnce = scan(heavy)
        #expect(followedOnce.assets.isEmpty)
        #expect(followedOnce.unresolvedNames.count == 50_000)
        #expect(followedOnce.unresolvedNames.last?.line == 50_001)

        // Names that refer to each other end.
        let cycle = scan("let a = b\nlet b = a\nstruct V: View { var body: some View { Image(a) } }")
        #expect(cycle.assets.isEmpty)
        #expect(cycle.unresolvedNames.count == 1)
    }
}
