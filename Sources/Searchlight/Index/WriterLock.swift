import FoundationEssentials
import Glibc

/// Names the process that writes an index. Xapian's own lock (an open-file-description lock)
/// does not reveal its holder, so a writer records its pid beside it; the record is read
/// only when Xapian reports the lock as held, so a stale file is never believed alone.
enum WriterLock {
    static func file(_ path: String) -> String { path + "/searchlight-writer.pid" }

    static func record(path: String) {
        try? String(getpid()).write(toFile: file(path), atomically: true, encoding: .utf8)
    }

    static func holder(path: String) -> Int32? {
        guard let text = try? String(contentsOfFile: file(path), encoding: .utf8), let pid = Int32(text), pid > 0,
              kill(pid, 0) == 0 || errno == EPERM
        else { return nil }
        return pid
    }
}
