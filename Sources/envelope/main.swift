import CAllocator
import EnvelopeCore
import Foundation

// Let each malloc arena grow by 16 MB of address space at a time instead of by what the
// allocation needs. Worker threads allocate from arenas of their own, which glibc grows with
// one mprotect per step; each takes the address space's lock for writing and stalls the
// other threads' page faults. Loading a thousand contracts on two cores made ~500 such calls
// (about 40 with this). Pages never touched cost no memory; up to this much freed memory per
// arena stays with the process, which lives for one command.
_ = envelope_malloc_set_top_pad(16 << 20)
// With that room made, the main thread's heap gets huge pages (through EnvelopeCore, whose
// copy of the once-per-thread flag ParallelMap's calls on this thread then find set).
MemoryAdvice.preferHugePagesForThisThreadsHeap()

// Thin entry point: everything else lives in the libraries and the command types.
let status = CommandRunner.main(root: EnvelopeCommand.self)
#if DEBUG
exit(status)
#else
// The command has written everything (reports go out through write(2); C streams are flushed
// here), so the process ends without running the loaded libraries' exit handlers: libcurl's
// dependencies (OpenSSL, Kerberos, LDAP, ...) tidy up state that is about to vanish anyway,
// 0.6 to 1 ms at the end of every `check`. Debug builds keep them, for sanitizers
// and coverage, which report from exit handlers.
fflush(nil)
_exit(status)
#endif
