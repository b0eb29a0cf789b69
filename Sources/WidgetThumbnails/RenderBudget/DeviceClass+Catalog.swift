extension DeviceClass {
    /// Every screen class of research/widget-facts.md §1: the HIG's iPhone table (with the
    /// 414x896 class at both @2x (XR, 11) and @3x (XS Max, 11 Pro Max)) and the HIG's iPad
    /// "Device" rows (the size shown on the Home Screen), all @2x. Newer iPhones (402x874,
    /// 440x956, 420x912) have no published widget sizes yet and are not guessed at.
    public static let catalog: [DeviceClass] = iPhones + iPads

    // Columns: small, medium, large, circular, rectangular, inline (points).
    private static let iPhoneRows: [(Int, Int, [Int], [(Double, Double)])] = [
        (430, 932, [3], [(170, 170), (364, 170), (364, 382), (76, 76), (172, 76), (257, 26)]),
        (428, 926, [3], [(170, 170), (364, 170), (364, 382), (76, 76), (172, 76), (257, 26)]),
        (414, 896, [2, 3], [(169, 169), (360, 169), (360, 379), (76, 76), (160, 72), (248, 26)]),
        (414, 736, [3], [(159, 159), (348, 157), (348, 357), (76, 76), (170, 76), (248, 26)]),
        (393, 852, [3], [(158, 158), (338, 158), (338, 354), (72, 72), (160, 72), (234, 26)]),
        (390, 844, [3], [(158, 158), (338, 158), (338, 354), (72, 72), (160, 72), (234, 26)]),
        (375, 812, [3], [(155, 155), (329, 155), (329, 345), (72, 72), (157, 72), (225, 26)]),
        (375, 667, [2], [(148, 148), (321, 148), (321, 324), (68, 68), (153, 68), (225, 26)]),
        (360, 780, [3], [(155, 155), (329, 155), (329, 345), (72, 72), (157, 72), (225, 26)]),
        (320, 568, [2], [(141, 141), (292, 141), (292, 311)]),  // no Lock Screen widgets
    ]

    // Columns: small, medium, large, extra large (points, the HIG's "Device" row).
    private static let iPadRows: [(Int, Int, [(Double, Double)])] = [
        (768, 1024, [(120, 120), (260, 120), (260, 260), (540, 260)]),
        (744, 1133, [(120, 120), (260, 120), (260, 260), (540, 260)]),
        (810, 1080, [(124, 124), (272, 124), (272, 272), (568, 272)]),
        (820, 1180, [(136, 136), (300, 136), (300, 300), (628, 300)]),
        (834, 1112, [(132, 132), (288, 132), (288, 288), (600, 288)]),
        (834, 1194, [(136, 136), (300, 136), (300, 300), (628, 300)]),
        (954, 1373, [(162, 162), (350, 162), (350, 350), (726, 350)]),   // Display Zoom: More Space
        (970, 1389, [(162, 162), (350, 162), (350, 350), (726, 350)]),   // Display Zoom: More Space
        (1024, 1366, [(160, 160), (356, 160), (356, 356), (748, 356)]),
        (1192, 1590, [(188, 188), (412, 188), (412, 412), (860, 412)]), // Display Zoom: More Space
    ]

    private static let iPhoneFamilies: [WidgetFamily] = [
        .systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline,
    ]
    private static let iPadFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]

    private static var iPhones: [DeviceClass] {
        iPhoneRows.flatMap { width, height, scales, sizes in
            scales.map { scale in
                DeviceClass(idiom: .iPhone, screen: PointSize(Double(width), Double(height)), scale: scale,
                            slots: slotTable(iPhoneFamilies, sizes))
            }
        }
    }

    private static var iPads: [DeviceClass] {
        iPadRows.map { width, height, sizes in
            DeviceClass(idiom: .iPad, screen: PointSize(Double(width), Double(height)), scale: 2,
                        slots: slotTable(iPadFamilies, sizes))
        }
    }

    private static func slotTable(_ families: [WidgetFamily], _ sizes: [(Double, Double)]) -> [WidgetFamily: PointSize] {
        Dictionary(uniqueKeysWithValues: zip(families, sizes).map { ($0, PointSize($1.0, $1.1)) })
    }
}
