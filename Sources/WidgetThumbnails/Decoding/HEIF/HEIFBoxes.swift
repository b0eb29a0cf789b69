/// The item structure of a HEIF file, read from its boxes (ISO/IEC 14496-12 and 23008-12)
/// without libheif: the primary item's type and transform properties, which libheif 1.15
/// does not expose, and the counts and references that must be refused before libheif walks
/// them (a grid of a million tiles, items that reference each other in a loop).
///
/// Every read is bounds-checked, and a malformed box ends the walk quietly: whether the file is
/// valid is libheif's call. Only the limits throw.
struct HEIFBoxes {
    /// Most items and item references we index; real photos have a few hundred, and a grid
    /// is refused past `DecodeLimits.maxTiles` (4,096) anyway. Indexing 262,144 references
    /// took 1.2 s under AddressSanitizer; 65,536 keeps a forged grid's refusal far under 1 s.
    static let maxItems = 1 << 16
    static let maxReferences = 1 << 16
    /// Deepest chain of item references (derived image, its inputs, their alpha, ...). A real
    /// file nests 2 or 3 deep (an iden over a grid over tiles).
    static let maxReferenceDepth = 16

    var primaryItem: UInt32?
    /// The primary item's type: "hvc1", "av01", "grid", "iden", ...
    var primaryType: String?
    /// The primary's transform properties (irot, imir, clap) in the order they apply.
    var primaryTransforms: [HEIFTransform] = []
    /// A primary `clap` whose size is not whole pixels or whose offsets are not whole or half
    /// pixels: cameras write whole sizes and half-pixel offsets, and libheif 1.15's clap
    /// handling leaked on such a file (FuzzHEIF; it also leaks on some plain ones, see
    /// Fuzz/open-findings).
    var primaryHasOddCleanAperture = false
    /// The images the primary is derived from (`dimg` references): the tiles of a grid.
    var primaryInputs = 0
    /// The image the primary item is itself declared a thumbnail of (a `thmb` reference from
    /// it), which is then the real primary, as newer libheif versions decide; nil normally.
    var masterOfPrimary: UInt32?

    /// Whether the primary's pixels are HEVC-coded: an hvc1 item, or a grid or iden over
    /// hvc1 items (its alpha plane included).
    var primaryIsHEVC: Bool {
        guard let primaryItem, let primaryType else { return false }
        if primaryType == "hvc1" { return true }
        guard primaryType == "grid" || primaryType == "iden", let inputs = needs[primaryItem], !inputs.isEmpty else {
            return false
        }
        return inputs.allSatisfy { itemTypes[$0] == "hvc1" }
    }

    private(set) var itemTypes: [UInt32: String] = [:]
    /// `dimg` references per derived item, in the order listed (a grid's tiles row by row).
    private(set) var derivedInputs: [UInt32: [UInt32]] = [:]
    /// Where each item's bytes are (`iloc`), as ranges of the file; an item stored in `idat`
    /// or with extents past the end of the file has none.
    private(set) var locations: [UInt32: [Range<Int>]] = [:]
    /// Edges "decoding A needs B": derived image to its inputs (`dimg`), image to its
    /// auxiliary images (`auxl`, such as alpha), image to what it is based on.
    private var needs: [UInt32: [UInt32]] = [:]
    /// `dimg` references per derived item.
    private var dimgCounts: [UInt32: Int] = [:]
    /// `thmb` references: thumbnail item to its master.
    private var masters: [UInt32: UInt32] = [:]
    private var referenceCount = 0
    private(set) var properties: [(type: String, payload: Range<Int>)] = []
    /// Property indices (1-based into `properties`) per item, in the order listed.
    private(set) var propertyIndices: [UInt32: [Int]] = [:]

    let reader: BoxReader

    /// Walks the boxes and applies `maxTiles` (the primary's inputs) and the indexing limits.
    init(_ bytes: [UInt8], maxTiles: Int) throws(ImageError) {
        let reader = BoxReader(bytes: bytes)
        self.reader = reader
        var boxes = reader.children(of: 0..<bytes.count)
        while let meta = boxes.next() {
            guard meta.type == "meta" else { continue }
            try readMeta(reader, payload: meta.payload)
            break
        }
        guard var primaryItem else { return }
        if let master = masters[primaryItem], master != primaryItem, masters[master] == nil, itemTypes[master] != nil {
            masterOfPrimary = master
            primaryItem = master
            self.primaryItem = master
        }
        primaryType = itemTypes[primaryItem]
        primaryInputs = dimgCounts[primaryItem] ?? 0
        guard primaryInputs <= maxTiles else {
            throw ImageError(.tooLarge, "the primary image is a grid of \(primaryInputs) tiles, over the limit of \(maxTiles)")
        }
        switch referenceStructure() {
        case .loop(let item):
            throw ImageError(.corruptImage, "item \(item) depends on itself through its item references (a reference loop)")
        case .depth(let depth) where depth > Self.maxReferenceDepth:
            // libheif follows references by recursion: a long chain would overflow its stack.
            throw ImageError(.corruptImage, "item references nest \(depth) deep, over the limit of \(Self.maxReferenceDepth)")
        case .depth:
            break
        }
        primaryTransforms = (propertyIndices[primaryItem] ?? []).compactMap { index in
            guard index >= 1, index <= properties.count else { return nil }
            return Self.transform(properties[index - 1], in: reader)
        }
        primaryHasOddCleanAperture = (propertyIndices[primaryItem] ?? []).contains { index in
            guard index >= 1, index <= properties.count, properties[index - 1].type == "clap" else { return false }
            return !Self.isPlainCleanAperture(properties[index - 1].payload, in: reader)
        }
    }

    private mutating func readMeta(_ reader: BoxReader, payload: Range<Int>) throws(ImageError) {
        guard payload.count >= 4 else { return }
        var iloc: Range<Int>?
        var idat: Range<Int>?
        var children = reader.children(of: payload.lowerBound + 4..<payload.upperBound)
        while let box = children.next() {
            switch box.type {
            case "pitm":
                let version = reader.u8(box.payload.lowerBound)
                primaryItem = version == 0 ? reader.u16(box.payload.lowerBound + 4).map(UInt32.init)
                                           : reader.u32(box.payload.lowerBound + 4)
            case "iinf": try readItemInfo(reader, payload: box.payload)
            case "iref": try readReferences(reader, payload: box.payload)
            case "iprp": readProperties(reader, payload: box.payload)
            case "iloc": iloc = box.payload
            case "idat": idat = box.payload
            default: break
            }
        }
        if let iloc { readLocations(reader, payload: iloc, idat: idat) }
    }

    /// `iloc` (ISO/IEC 14496-12 8.11.3): each item's extents, made into ranges of the file.
    /// Construction method 0 is the file itself, 1 the `idat` box; an item stored any other
    /// way, or with an extent outside the file, gets no location.
    private mutating func readLocations(_ reader: BoxReader, payload: Range<Int>, idat: Range<Int>?) {
        guard let version = reader.u8(payload.lowerBound), version <= 2,
              let sizes = reader.u16(payload.lowerBound + 4) else { return }
        let offsetSize = Int(sizes >> 12), lengthSize = Int(sizes >> 8 & 0xF)
        let baseOffsetSize = Int(sizes >> 4 & 0xF), indexSize = version >= 1 ? Int(sizes & 0xF) : 0
        guard [offsetSize, lengthSize, baseOffsetSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return }
        var offset = payload.lowerBound + 6
        func field(_ size: Int) -> Int? {
            defer { offset += size }
            switch size {
            case 0: return 0
            case 4: return reader.u32(offset).map(Int.init)
            default: return reader.u64(offset).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil }
            }
        }
        guard let count = version < 2 ? reader.u16(offset).map(Int.init) : reader.u32(offset).map(Int.init) else { return }
        offset += version < 2 ? 2 : 4
        for _ in 0..<min(count, Self.maxItems) {
            guard let item = (version < 2 ? reader.u16(offset).map(UInt32.init) : reader.u32(offset)) else { return }
            offset += version < 2 ? 2 : 4
            var method = 0
            if version >= 1 {
                guard let value = reader.u16(offset) else { return }
                method = Int(value & 0xF)
                offset += 2
            }
            offset += 2  // data_reference_index: 0 is this file
            guard let base = field(baseOffsetSize), let extents = reader.u16(offset) else { return }
            offset += 2
            var ranges: [Range<Int>] = []
            var usable = method == 0 || (method == 1 && idat != nil)
            for _ in 0..<Int(extents) {
                guard field(indexSize) != nil, let start = field(offsetSize), let length = field(lengthSize) else { return }
                let origin = method == 1 ? (idat?.lowerBound ?? 0) : 0
                let limit = method == 1 ? (idat?.upperBound ?? 0) : reader.bytes.count
                let (first, overflow) = origin.addingReportingOverflow(base)
                let (lower, overflow2) = first.addingReportingOverflow(start)
                let (upper, overflow3) = lower.addingReportingOverflow(length)
                // A length of 0 means "to the end of the file" in the standard; no camera writes it.
                if overflow || overflow2 || overflow3 || length == 0 || upper > limit { usable = false }
                if usable { ranges.append(lower..<upper) }
            }
            if usable, !ranges.isEmpty { locations[item] = ranges }
        }
    }

    private mutating func readItemInfo(_ reader: BoxReader, payload: Range<Int>) throws(ImageError) {
        guard let version = reader.u8(payload.lowerBound) else { return }
        let start = payload.lowerBound + 4 + (version == 0 ? 2 : 4)
        guard start <= payload.upperBound else { return }
        var entries = reader.children(of: start..<payload.upperBound)
        while let entry = entries.next() {
            guard entry.type == "infe", let entryVersion = reader.u8(entry.payload.lowerBound), entryVersion >= 2 else { continue }
            let idOffset = entry.payload.lowerBound + 4
            let id = entryVersion == 2 ? reader.u16(idOffset).map(UInt32.init) : reader.u32(idOffset)
            let typeOffset = idOffset + (entryVersion == 2 ? 2 : 4) + 2
            guard let id, let type = reader.fourCC(typeOffset) else { continue }
            itemTypes[id] = type
            guard itemTypes.count <= Self.maxItems else {
                throw ImageError(.tooLarge, "the file declares more than \(Self.maxItems) items")
            }
        }
    }

    /// Reads the reference entries the way libheif 1.15 does: one after another, each a box
    /// header then the ids, ignoring the header's declared size. Walking them as boxes would
    /// stop at a lying size that libheif reads straight past (a loop we would miss).
    private mutating func readReferences(_ reader: BoxReader, payload: Range<Int>) throws(ImageError) {
        guard let version = reader.u8(payload.lowerBound) else { return }
        let idSize = version == 0 ? 2 : 4
        let end = min(payload.upperBound, reader.bytes.count)
        var offset = payload.lowerBound + 4
        while offset + 8 <= end {
            guard let size = reader.u32(offset), let type = reader.fourCC(offset + 4) else { return }
            offset += 8 + (size == 1 ? 8 : 0) + (type == "uuid" ? 16 : 0)
            guard offset + idSize + 2 <= end, let from = reader.id(offset, size: idSize),
                  let count = reader.u16(offset + idSize) else { return }
            offset += idSize + 2
            referenceCount += Int(count)
            guard referenceCount <= Self.maxReferences else {
                throw ImageError(.tooLarge, "the file declares more than \(Self.maxReferences) item references")
            }
            for _ in 0..<Int(count) {
                guard offset + idSize <= end, let to = reader.id(offset, size: idSize) else { break }
                offset += idSize
                switch type {
                case "dimg":
                    needs[from, default: []].append(to)
                    derivedInputs[from, default: []].append(to)
                    dimgCounts[from, default: 0] += 1
                case "base": needs[from, default: []].append(to)
                case "thmb": masters[from] = to
                // An auxiliary image (alpha, depth) points at its master: decoding the master
                // decodes it.
                case "auxl": needs[to, default: []].append(from)
                default: break
                }
            }
        }
    }

    private mutating func readProperties(_ reader: BoxReader, payload: Range<Int>) {
        var children = reader.children(of: payload)
        var associations: [Range<Int>] = []
        while let box = children.next() {
            if box.type == "ipco" {
                var list = reader.children(of: box.payload)
                while let property = list.next(), properties.count < Self.maxItems {
                    properties.append((property.type, property.payload))
                }
            } else if box.type == "ipma" {
                associations.append(box.payload)
            }
        }
        for payload in associations { readAssociations(reader, payload: payload) }
    }

    private mutating func readAssociations(_ reader: BoxReader, payload: Range<Int>) {
        guard let version = reader.u8(payload.lowerBound),
              let flags = reader.u32(payload.lowerBound).map({ $0 & 0xFF_FFFF }),
              let count = reader.u32(payload.lowerBound + 4) else { return }
        var offset = payload.lowerBound + 8
        for _ in 0..<min(Int(count), Self.maxItems) {
            guard let item = reader.id(offset, size: version < 1 ? 2 : 4) else { return }
            offset += version < 1 ? 2 : 4
            guard let associationCount = reader.u8(offset) else { return }
            offset += 1
            for _ in 0..<Int(associationCount) {
                let index: Int
                if flags & 1 != 0 {
                    guard let value = reader.u16(offset) else { return }
                    index = Int(value & 0x7FFF)
                    offset += 2
                } else {
                    guard let value = reader.u8(offset) else { return }
                    index = Int(value & 0x7F)
                    offset += 1
                }
                propertyIndices[item, default: []].append(index)
            }
        }
    }

    /// Checks what decoding `item` makes libheif decode as well (grid tiles, the alpha plane,
    /// what an iden or overlay is made from): each declared size within `limits`. An overlay
    /// (`iovl`) is decoded only as `item` itself (some Nokia phones write the primary as one)
    /// and only after `checkOverlay`: libheif 1.15 allocates its canvas from the item's data
    /// unchecked (FuzzHEIF: an overlay as the alpha plane of a 16x16 image cost 2.2 GB), so an
    /// overlay anywhere else is refused. Unknown items pass: libheif refuses what it cannot decode.
    func checkDependencies(of item: UInt32, limits: DecodeLimits) throws(ImageError) {
        var seen: Set<UInt32> = [item]
        var pending = [item]
        while let next = pending.popLast() {
            if itemTypes[next] == "iovl" {
                guard next == item else {
                    throw ImageError(.unsupportedFormat, "item \(next) is an overlay (iovl) image inside item \(item), which is not decoded")
                }
                try checkOverlay(item, limits: limits)
            }
            if next != item, let size = declaredSize(of: next) {
                do {
                    try limits.check(size)
                } catch {
                    throw ImageError(error.code, "item \(next), which item \(item) needs, declares \(error.reason)")
                }
            }
            for child in needs[next] ?? [] where seen.insert(child).inserted { pending.append(child) }
        }
    }

    /// An overlay's canvas and the place of each input (ISO/IEC 23008-12 6.6.2.3), read from
    /// its data before libheif does: the canvas within `limits` and the same as the item's
    /// `ispe`, one offset per `dimg` input, each at most the side limit either way (further
    /// places nothing on a canvas within it, and keeps libheif's int arithmetic on offset plus
    /// size far from overflowing).
    private func checkOverlay(_ item: UInt32, limits: DecodeLimits) throws(ImageError) {
        let inputs = derivedInputs[item]?.count ?? 0
        guard inputs > 0 else { throw ImageError(.corruptImage, "the overlay (iovl) item \(item) references no images") }
        guard let data = locations[item], data.count == 1, let range = data.first,
              let version = reader.u8(range.lowerBound), version == 0, let flags = reader.u8(range.lowerBound + 1) else {
            throw ImageError(.corruptImage, "the overlay (iovl) item \(item) has no data of version 0 in one extent")
        }
        let fieldSize = flags & 1 == 0 ? 2 : 4
        // A version and a flags byte, four 16-bit fill values, the canvas, then an x and y per input.
        let needed = 2 + 8 + 2 * fieldSize + inputs * 2 * fieldSize
        guard range.count >= needed else {
            throw ImageError(.corruptImage, "the overlay (iovl) item \(item) has \(range.count) bytes of data, not the \(needed) its \(inputs) images need")
        }
        func field(_ index: Int, signed: Bool) -> Int {
            let offset = range.lowerBound + 10 + index * fieldSize
            if fieldSize == 2 {
                let value = reader.u16(offset) ?? 0
                return signed ? Int(Int16(bitPattern: value)) : Int(value)
            }
            let value = reader.u32(offset) ?? 0
            return signed ? Int(Int32(bitPattern: value)) : Int(value)
        }
        let canvas = PixelSize(width: field(0, signed: false), height: field(1, signed: false))
        do {
            try limits.check(canvas)
        } catch {
            throw ImageError(error.code, "the overlay (iovl) item \(item)'s canvas: \(error.reason)")
        }
        guard canvas == declaredSize(of: item) else {
            throw ImageError(.corruptImage, "the overlay (iovl) item \(item)'s canvas \(canvas) is not its declared size \(declaredSize(of: item).map { "\($0)" } ?? "(none)")")
        }
        let bound = limits.maxDimension
        for index in 0..<2 * inputs where abs(field(2 + index, signed: true)) > bound {
            throw ImageError(.corruptImage, "the overlay (iovl) item \(item) places image \(index / 2 + 1) \(field(2 + index, signed: true)) px away, beyond ±\(bound)")
        }
    }

    /// The item's `ispe` size, when it has one.
    private func declaredSize(of item: UInt32) -> PixelSize? {
        for index in propertyIndices[item] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            guard property.type == "ispe", let width = reader.u32(property.payload.lowerBound + 4),
                  let height = reader.u32(property.payload.lowerBound + 8) else { continue }
            return PixelSize(width: Int(width), height: Int(height))
        }
        return nil
    }

    private static func transform(_ property: (type: String, payload: Range<Int>), in reader: BoxReader) -> HEIFTransform? {
        let start = property.payload.lowerBound
        switch property.type {
        case "irot":
            return reader.u8(start).map { .rotation(degreesAnticlockwise: Int($0 & 3) * 90) }
        case "imir":
            return reader.u8(start).map { .mirror($0 & 1 == 0 ? .vertical : .horizontal) }
        case "clap":
            guard let widthN = reader.u32(start), let widthD = reader.u32(start + 4),
                  let heightN = reader.u32(start + 8), let heightD = reader.u32(start + 12),
                  widthD > 0, heightD > 0 else { return nil }
            return .cleanAperture(width: Int(widthN / widthD), height: Int(heightN / heightD))
        default:
            return nil
        }
    }

    /// Whole-pixel size, whole- or half-pixel offsets, every denominator non-zero.
    private static func isPlainCleanAperture(_ payload: Range<Int>, in reader: BoxReader) -> Bool {
        let fields = (0..<8).compactMap { reader.u32(payload.lowerBound + 4 * $0) }
        guard fields.count == 8, fields[1] > 0, fields[3] > 0, fields[5] > 0, fields[7] > 0 else { return false }
        return fields[0] % fields[1] == 0 && fields[2] % fields[3] == 0 && [1, 2].contains(fields[5])
            && [1, 2].contains(fields[7])
    }

    enum ReferenceStructure: Equatable {
        /// An item on a cycle of `needs` edges.
        case loop(UInt32)
        /// No cycle: the longest chain of `needs` edges.
        case depth(Int)
    }

    /// A depth-first walk over the `needs` edges that finds a cycle or the longest chain.
    /// Iterative, so a deep chain cannot overflow our stack either.
    private func referenceStructure() -> ReferenceStructure {
        enum Mark { case visiting, done(depth: Int) }
        var marks: [UInt32: Mark] = [:]
        var deepest = 0
        for root in needs.keys where marks[root] == nil {
            var stack: [(item: UInt32, next: Int, depth: Int)] = [(root, 0, 0)]
            marks[root] = .visiting
            while let top = stack.last {
                let edges = needs[top.item] ?? []
                if top.next == edges.count {
                    marks[top.item] = .done(depth: top.depth)
                    deepest = max(deepest, top.depth)
                    stack.removeLast()
                    if !stack.isEmpty { stack[stack.count - 1].depth = max(stack[stack.count - 1].depth, top.depth + 1) }
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = edges[top.next]
                switch marks[child] {
                case .visiting?:
                    return .loop(child)
                case .done(let depth)?:
                    stack[stack.count - 1].depth = max(stack[stack.count - 1].depth, depth + 1)
                case nil:
                    marks[child] = .visiting
                    stack.append((child, 0, 0))
                }
            }
        }
        return .depth(deepest)
    }
}

/// Bounds-checked big-endian reads and a box walker over a byte array.
struct BoxReader {
    struct Box {
        var type: String
        var payload: Range<Int>
    }

    /// The boxes inside a range, in order; stops at the first one that does not fit.
    struct Children: IteratorProtocol {
        let reader: BoxReader
        var offset: Int
        let end: Int

        mutating func next() -> Box? {
            guard offset + 8 <= end, let size32 = reader.u32(offset), let type = reader.fourCC(offset + 4) else { return nil }
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = reader.u64(offset + 8), large <= UInt64(Int.max) else { return nil }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = end - offset  // to the end of the enclosing box
            }
            guard size >= header, size <= end - offset else { return nil }
            defer { offset += size }
            return Box(type: type, payload: offset + header..<offset + size)
        }
    }

    let bytes: [UInt8]

    func children(of range: Range<Int>) -> Children {
        Children(reader: self, offset: range.lowerBound, end: min(range.upperBound, bytes.count))
    }

    func u8(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    func u64(_ offset: Int) -> UInt64? {
        guard let high = u32(offset), let low = u32(offset + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// A 2- or 4-byte item id.
    func id(_ offset: Int, size: Int) -> UInt32? {
        size == 2 ? u16(offset).map(UInt32.init) : u32(offset)
    }

    func fourCC(_ offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
