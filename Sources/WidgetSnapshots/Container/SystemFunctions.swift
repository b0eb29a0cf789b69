import WidgetSnapshotsPlatform

// The C library's calls whose names the store's own methods shadow (`close`, `read`, `write`,
// `fsync`), reachable without naming the C library's module (Glibc, Musl or Darwin).

@discardableResult
func systemClose(_ fd: Int32) -> Int32 { close(fd) }

@discardableResult
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

@discardableResult
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }

@discardableResult
func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }

@discardableResult
func systemFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
