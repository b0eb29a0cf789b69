// The C library WidgetSnapshots makes its system calls through: Glibc on Linux, Musl on
// Linux's static SDK, Darwin on Apple platforms. The choice is written here once; a file of
// WidgetSnapshots that calls the C library says `import WidgetSnapshotsPlatform`.
//
// A module of its own, not an `@_exported import` inside WidgetSnapshots: that would make the
// C library part of WidgetSnapshots' API, so every client would see its names and the symbol
// graph (and the DocC archive) would carry its ~6,400 symbols. WidgetSnapshots imports this
// module without re-exporting it, so its clients see what they saw before.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
