// The C library, for every file of this module: Glibc on Linux, Musl on Linux's static SDK,
// Darwin on Apple platforms. A plain `import` reaches only the file it is written in; this
// one is `@_exported` so the chain is written once instead of in each file that makes a system
// call. Clients see the C library's names too, as they do through Foundation on every one of
// these platforms. (`@_exported` cannot be narrowed to `package`: the compiler allows it on
// public imports only.)
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
