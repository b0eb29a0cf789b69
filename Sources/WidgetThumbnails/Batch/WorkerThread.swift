import Glibc

/// A joinable pthread with a chosen stack size: what `Foundation.Thread` gave the batch
/// runner, without Foundation.
struct WorkerThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private let thread: pthread_t

    /// Starts `body` on a new thread with `stackSize` bytes of stack.
    init(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        // Only resource exhaustion fails here; a batch cannot go on without its workers.
        precondition(status == 0, "pthread_create failed: \(status)")
        self.thread = thread
    }

    /// Waits for the thread to finish.
    func join() { pthread_join(thread, nil) }
}
