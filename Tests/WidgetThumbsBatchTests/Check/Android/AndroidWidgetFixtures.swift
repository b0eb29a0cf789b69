import TestSupport
import WidgetThumbnails

/// An Android app module written by the test: a manifest whose receiver names the provider, an
/// `<appwidget-provider>` of 250 x 110 dp (4 x 2 cells, `minHeight` through `@dimen`), a layout
/// whose root draws a layer-list background, an ImageView filling it with `@drawable/cover`, a
/// 48 dp logo in an included header, a vector star, and the bitmaps of each density folder.
///
/// The figures, by hand (slot px = dp x the bucket's factor; the widget is 250 x 110 dp):
/// - `drawable-mdpi/cover.png` 250 x 110 in 250 x 110: fine (exactly the slot)
/// - `drawable-xhdpi/cover.png` 2000 x 880 in 500 x 220: over, 500 x 220 would do
/// - `drawable-xxhdpi/cover.png` 700 x 300 in 750 x 330: fine (under)
/// - `drawable-night-xxxhdpi/cover.png` 1200 x 600 in 1000 x 440: over, 1000 x 500 would do
/// - `drawable-mdpi/logo.png` 96 x 96 in 48 x 48: over
/// - `drawable-xxhdpi/logo.png` 144 x 144 in 144 x 144: fine
/// - `drawable-nodpi/bg_photo.png` 1200 x 500 in 1000 x 440 (never scaled: 4x): over, 1056 x 440
enum AndroidWidgetFixtures {
    /// The files over their slot, relative to the `res` folder, with their slot.
    static let overSlot: [String: [Int]] = [
        "drawable-xhdpi/cover.png": [500, 220],
        "drawable-night-xxxhdpi/cover.png": [1000, 440],
        "drawable-mdpi/logo.png": [48, 48],
        "drawable-nodpi/bg_photo.png": [1000, 440],
    ]
    /// The bitmaps drawn within their slot.
    static let withinSlot = ["drawable-mdpi/cover.png", "drawable-xxhdpi/cover.png", "drawable-xxhdpi/logo.png"]

    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        // Flat pictures: the test is about sizes, and a flat PNG of 2000 px encodes fast.
        (try? ImageEncoder.encode(RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0x80, count: width * height * 4)), format: .png, quality: 100)) ?? []
    }

    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
          <application android:label="Covers">
            <receiver android:name=".CoverWidget" android:exported="false">
              <intent-filter><action android:name="android.appwidget.action.APPWIDGET_UPDATE" /></intent-filter>
              <meta-data android:name="android.appwidget.provider" android:resource="@xml/widget_info" />
            </receiver>
          </application>
        </manifest>
        """

    static let provider = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- 4 x 2 cells; minHeight through a dimen -->
        <appwidget-provider xmlns:android="http://schemas.android.com/apk/res/android"
            android:minWidth="250dp" android:minHeight="@dimen/widget_min_height"
            android:targetCellWidth="4" android:targetCellHeight="2"
            android:resizeMode="none"
            android:initialLayout="@layout/widget" />
        """

    static let dimens = """
        <resources>
          <dimen name="widget_min_height">110dp</dimen>
          <dimen name="logo_side">@dimen/logo_base</dimen>
          <dimen name="logo_base">48dip</dimen>
        </resources>
        """

    static let layout = """
        <?xml version="1.0" encoding="utf-8"?>
        <FrameLayout xmlns:android="http://schemas.android.com/apk/res/android"
            xmlns:app='http://schemas.android.com/apk/res-auto'
            android:layout_width="match_parent" android:layout_height="match_parent"
            android:background="@drawable/bg">
          <ImageView android:layout_width="match_parent" android:layout_height="match_parent"
              android:scaleType="centerCrop" android:src="@drawable/cover" />
          <include layout="@layout/widget_header" />
          <ImageView android:layout_width="24dp" android:layout_height="24dp" app:srcCompat="@drawable/star"
              android:contentDescription="&quot;star&quot; &amp; more" />
          <TextView android:layout_width="wrap_content" android:layout_height="wrap_content"
              android:background="#80000000" android:text="@string/title" />
        </FrameLayout>
        """

    static let header = """
        <merge xmlns:android="http://schemas.android.com/apk/res/android">
          <ImageView android:layout_width="@dimen/logo_side" android:layout_height="48dp" android:src="@drawable/logo" />
        </merge>
        """

    static let background = """
        <layer-list xmlns:android="http://schemas.android.com/apk/res/android">
          <item android:drawable="@drawable/bg_photo" />
          <item><shape android:shape="rectangle"><solid android:color="#40000000" /></shape></item>
        </layer-list>
        """

    static let star = """
        <vector xmlns:android="http://schemas.android.com/apk/res/android" android:width="24dp" android:height="24dp"
            android:viewportWidth="24" android:viewportHeight="24">
          <path android:fillColor="#FFF" android:pathData="M12,2L15,9L22,9L16,14L18,21L12,17L6,21L8,14L2,9L9,9Z" />
        </vector>
        """

    /// The bitmaps, each written once per run and planted in every tree.
    static let bitmaps: [(String, [UInt8])] = [
        ("drawable-mdpi/cover.png", png(250, 110)),
        ("drawable-xhdpi/cover.png", png(2000, 880)),
        ("drawable-xxhdpi/cover.png", png(700, 300)),
        ("drawable-night-xxxhdpi/cover.png", png(1200, 600)),
        ("drawable-mdpi/logo.png", png(96, 96)),
        ("drawable-xxhdpi/logo.png", png(144, 144)),
        ("drawable-nodpi/bg_photo.png", png(1200, 500)),
    ]

    /// Writes the module whose `src/main` is at `main` (relative to `folder`); returns its `res` path.
    @discardableResult
    static func plant(in folder: TemporaryDirectory, main: String) -> String {
        let res = main + "/res"
        folder.plant(main + "/AndroidManifest.xml", Array(manifest.utf8))
        folder.plant(res + "/xml/widget_info.xml", Array(provider.utf8))
        folder.plant(res + "/values/dimens.xml", Array(dimens.utf8))
        folder.plant(res + "/layout/widget.xml", Array(layout.utf8))
        folder.plant(res + "/layout/widget_header.xml", Array(header.utf8))
        folder.plant(res + "/drawable/bg.xml", Array(background.utf8))
        folder.plant(res + "/drawable/star.xml", Array(star.utf8))
        for (name, bytes) in bitmaps { folder.plant(res + "/" + name, bytes) }
        return folder.file(res)
    }
}
