/// Builds small HEIF files box by box (ISO/IEC 14496-12 and 23008-12) for hostile-input tests:
/// an ftyp, a meta box with pitm, iinf, iref, iprp (ispe per item) and iloc, and an mdat.
/// The coded data is whatever the caller passes: libheif refuses it, or our own checks refuse
/// the structure before libheif sees it.
public enum HEIFBoxFixtures {
    public struct Item: Sendable {
        public var id: UInt16
        public var type: String
        public var width: UInt32
        public var height: UInt32
        public var data: [UInt8]
        /// The auxC type of an auxiliary image ("urn:mpeg:hevc:2015:auxid:1" for alpha).
        public var auxiliaryType: String?

        public init(id: UInt16, type: String = "hvc1", width: UInt32 = 64, height: UInt32 = 64, data: [UInt8] = [0, 0, 0, 1],
                    auxiliaryType: String? = nil) {
            self.id = id
            self.type = type
            self.width = width
            self.height = height
            self.data = data
            self.auxiliaryType = auxiliaryType
        }
    }

    public struct Reference: Sendable {
        public var type: String
        public var from: UInt16
        public var to: [UInt16]

        public init(_ type: String, from: UInt16, to: [UInt16]) {
            self.type = type
            self.from = from
            self.to = to
        }
    }

    /// A file whose primary is `primary`. `extentShift` moves every iloc extent that many
    /// bytes further than the data really is (past the end of the file, for example).
    public static func file(items: [Item], primary: UInt16, references: [Reference] = [], brand: String = "heic",
                            extentShift: UInt32 = 0) -> [UInt8] {
        let ftyp = box("ftyp", Array(brand.utf8) + u32(0) + Array("mif1".utf8) + Array(brand.utf8))
        func meta(dataStart: UInt32) -> [UInt8] {
            let hdlr = fullBox("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])
            let pitm = fullBox("pitm", u16(primary))
            let infes = items.flatMap { fullBox("infe", version: 2, u16($0.id) + u16(0) + Array($0.type.utf8) + [0]) }
            let iinf = fullBox("iinf", u16(UInt16(items.count)) + infes)
            let irefs = references.flatMap { reference in
                // The count field is 16 bits: a long list is split over several boxes.
                stride(from: 0, to: max(1, reference.to.count), by: 0xFFFF).flatMap { start in
                    let chunk = Array(reference.to[start..<min(reference.to.count, start + 0xFFFF)])
                    return box(reference.type, u16(reference.from) + u16(UInt16(chunk.count)) + chunk.flatMap(u16))
                }
            }
            let iref = references.isEmpty ? [] : fullBox("iref", irefs)
            // Property 1 is an hvcC for every hvc1 item; then one ispe per item; then the auxC
            // boxes of the auxiliary items.
            let auxiliary = items.filter { $0.auxiliaryType != nil }
            let ipco = box("ipco", box("hvcC", hvcC) + items.flatMap { fullBox("ispe", u32($0.width) + u32($0.height)) }
                           + auxiliary.flatMap { fullBox("auxC", Array($0.auxiliaryType!.utf8) + [0]) })
            var associations: [UInt8] = []
            for (index, item) in items.enumerated() {
                var properties: [UInt8] = item.type == "hvc1" ? [0x81] : []
                properties.append(UInt8(0x80 | (index + 2)))
                if let auxIndex = auxiliary.firstIndex(where: { $0.id == item.id }) {
                    properties.append(UInt8(0x80 | (items.count + 2 + auxIndex)))
                }
                associations += u16(item.id) + [UInt8(properties.count)] + properties
            }
            let ipma = fullBox("ipma", u32(UInt32(items.count)) + associations)
            let iprp = box("iprp", ipco + ipma)
            var offset = dataStart + extentShift
            let ilocItems = items.flatMap { item -> [UInt8] in
                defer { offset += UInt32(item.data.count) }
                return u16(item.id) + u16(0) + u16(1) + u32(offset) + u32(UInt32(item.data.count))
            }
            let iloc = fullBox("iloc", [0x44, 0x00] + u16(UInt16(items.count)) + ilocItems)
            return fullBox("meta", hdlr + pitm + iinf + iref + iprp + iloc)
        }
        let metaLength = meta(dataStart: 0).count
        let dataStart = UInt32(ftyp.count + metaLength + 8)
        let mdat = box("mdat", items.flatMap(\.data))
        return ftyp + meta(dataStart: dataStart) + mdat
    }

    /// A file whose primary is an overlay (`iovl`, its data in `idat`) of `offsets.count` hvc1
    /// items of `tileSize`, all coded as `data` with the decoder configuration `config` (an
    /// hvcC payload), placed at `offsets` on a `canvas` painted `fill` (16-bit RGBA) first.
    /// `declaredSize` is the overlay's ispe (the canvas unless given); `largeFields` writes
    /// 32-bit canvas and offset fields; `unplacedInputs` adds inputs the data gives no offset
    /// (a short payload). Items 1... are the inputs, the overlay comes last.
    public static func overlay(canvas: (width: UInt32, height: UInt32), offsets: [(x: Int32, y: Int32)],
                               tileSize: (width: UInt32, height: UInt32), config: [UInt8] = hvcC,
                               data: [UInt8] = [0, 0, 0, 1], fill: [UInt16] = [0, 0, 0, 0xFFFF],
                               declaredSize: (width: UInt32, height: UInt32)? = nil,
                               largeFields: Bool = false, unplacedInputs: Int = 0) -> [UInt8] {
        let overlayID = UInt16(offsets.count + unplacedInputs + 1)
        let inputIDs = (1..<overlayID).map { UInt16($0) }
        func field(_ value: Int32) -> [UInt8] {
            largeFields ? u32(UInt32(bitPattern: value)) : u16(UInt16(truncatingIfNeeded: value))
        }
        // ImageOverlay (ISO/IEC 23008-12 6.6.2.3.2): a version and a flags byte, not a full box.
        var payload: [UInt8] = [0, largeFields ? 1 : 0] + fill.flatMap(u16)
        payload += field(Int32(bitPattern: canvas.width)) + field(Int32(bitPattern: canvas.height))
        for offset in offsets { payload += field(offset.x) + field(offset.y) }
        let declared = declaredSize ?? canvas
        let ftyp = box("ftyp", Array("heic".utf8) + u32(0) + Array("mif1heic".utf8))
        func meta(dataStart: UInt32) -> [UInt8] {
            let hdlr = fullBox("hdlr", u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 12) + [0])
            let pitm = fullBox("pitm", u16(overlayID))
            // The inputs are hidden items (flags 1), as cameras write them: only the overlay shows.
            let infes = inputIDs.flatMap { fullBox("infe", version: 2, flags: 1, u16($0) + u16(0) + Array("hvc1".utf8) + [0]) }
                + fullBox("infe", version: 2, u16(overlayID) + u16(0) + Array("iovl".utf8) + [0])
            let iinf = fullBox("iinf", u16(overlayID) + infes)
            let iref = fullBox("iref", box("dimg", u16(overlayID) + u16(UInt16(inputIDs.count)) + inputIDs.flatMap(u16)))
            // Properties: 1 the hvcC, 2 the tiles' ispe, 3 the overlay's ispe.
            let ipco = box("ipco", box("hvcC", config)
                           + fullBox("ispe", u32(tileSize.width) + u32(tileSize.height))
                           + fullBox("ispe", u32(declared.width) + u32(declared.height)))
            let associations: [UInt8] = inputIDs.flatMap { u16($0) + [2, 0x81, 0x02] } + u16(overlayID) + [1, 0x03]
            let ipma = fullBox("ipma", u32(UInt32(overlayID)) + associations)
            // iloc version 1: the inputs share the coded bytes in mdat (construction method 0),
            // the overlay's data is in idat (method 1).
            // Each entry: id, construction method, data reference 0, one extent (offset, length).
            func entry(_ id: UInt16, method: UInt16, offset: UInt32, length: Int) -> [UInt8] {
                let head: [UInt8] = u16(id) + u16(method) + u16(0) + u16(1)
                return head + u32(offset) + u32(UInt32(length))
            }
            var entries: [UInt8] = [0x44, 0x00] + u16(overlayID)
            for id in inputIDs { entries += entry(id, method: 0, offset: dataStart, length: data.count) }
            entries += entry(overlayID, method: 1, offset: 0, length: payload.count)
            let iloc = fullBox("iloc", version: 1, entries)
            return fullBox("meta", hdlr + pitm + iinf + iref + box("iprp", ipco + ipma) + iloc + box("idat", payload))
        }
        let dataStart = UInt32(ftyp.count + meta(dataStart: 0).count + 8)
        return ftyp + meta(dataStart: dataStart) + box("mdat", data)
    }

    /// An HEVC decoder configuration with no parameter sets: 8-bit 4:2:0, 4-byte NAL lengths.
    public static let hvcC: [UInt8] = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF0, 0x00, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F, 0]

    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        u32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    public static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(u32(flags).dropFirst()) + payload)
    }

    public static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    public static func u32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
