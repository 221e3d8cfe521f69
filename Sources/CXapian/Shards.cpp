// Stub folders (`XAPIANDB`) read shard by shard: the shim parses Xapian's stub syntax itself, rather
// than letting Xapian open the stub, so that remote shards get the reader's timeouts (Xapian's stub
// opening uses its defaults), a shard that cannot be reached is named (or left out), and a reader can
// connect its remote shards afresh after a network error.
#include "Shim.hpp"
#include <cmath>
#include <fstream>
#include <sys/stat.h>

using namespace cxapian;

namespace {

// Xapian's remote timeouts are in milliseconds; 0 means none.
useconds_t milliseconds(double seconds) {
    return seconds <= 0 ? 0 : static_cast<useconds_t>(std::min(std::ceil(seconds * 1000), 4.0e9));
}

std::string describe(const StubShard &part, size_t index) {
    return "shard " + std::to_string(index) + " (" + part.line + ")";
}

// Xapian's message of a network error, and the system's reason when there is one: "Couldn't connect (Connection refused)".
std::string reason(const Xapian::NetworkError &e) {
    std::string text = e.get_msg();
    if (e.get_error_string()) text += std::string(" (") + e.get_error_string() + ")";
    return text;
}

// Opens one shard: a local folder, or a connection to its server with the reader's timeouts.
Xapian::Database open_part(const StubShard &part, const cx_remote_options &options) {
    if (!part.remote) return Xapian::Database(part.folder);
    if (!part.program.empty()) return Xapian::Remote::open(part.program, part.args, milliseconds(options.timeout_seconds));
    return Xapian::Remote::open(part.host, part.port, milliseconds(options.timeout_seconds), milliseconds(options.connect_timeout_seconds));
}

// An empty database standing in for a shard left out, so that the others keep their place and their
// docids; the first shard's stand-in holds the metadata of the first shard reached (Xapian reads a
// combined database's metadata from its first shard, and every shard holds the same).
Xapian::Database stand_in(const std::vector<StubShard> &parts, size_t index) {
    Xapian::WritableDatabase empty(std::string(), Xapian::DB_BACKEND_INMEMORY);
    if (index == 0) {
        for (const auto &part : parts) {
            if (!part.missing.empty()) continue;
            for (Xapian::TermIterator key = part.db.metadata_keys_begin(); key != part.db.metadata_keys_end(); ++key) {
                empty.set_metadata(*key, part.db.get_metadata(*key));
            }
            break;
        }
    }
    return empty;
}

// Opens `part` into place; a remote shard that cannot be reached fails naming it, or with
// `allow_partial` is marked missing.
void connect(StubShard &part, size_t index, const cx_remote_options &options) {
    try {
        part.db = open_part(part, options);
        part.missing.clear();
    } catch (const Xapian::NetworkError &e) {
        if (!options.allow_partial) throw Xapian::NetworkError(describe(part, index) + " could not be reached: " + reason(e));
        part.db = Xapian::Database();
        part.missing = reason(e);
    }
}

// The combined reader of the shards, stand-ins in place of those missing.
void combine(cx_database &handle) {
    size_t reached = 0;
    for (const auto &part : handle.parts) reached += part.missing.empty();
    if (reached == 0) {
        std::string reasons;
        for (size_t i = 0; i < handle.parts.size(); ++i) reasons += (i ? "; " : "") + describe(handle.parts[i], i) + ": " + handle.parts[i].missing;
        throw Xapian::NetworkError("no shard of " + handle.stub + " could be reached: " + reasons);
    }
    Xapian::Database combined;
    for (size_t i = 0; i < handle.parts.size(); ++i) {
        combined.add_database(handle.parts[i].missing.empty() ? handle.parts[i].db : stand_in(handle.parts, i));
    }
    handle.reader = combined;
    handle.revision_changed();
}

} // namespace

namespace cxapian {

std::vector<StubShard> read_stub(const std::string &folder, const std::string &stub) {
    std::ifstream lines(stub);
    if (!lines) throw Xapian::DatabaseOpeningError("cannot read " + stub);
    std::vector<StubShard> parts;
    std::string line;
    for (unsigned number = 1; std::getline(lines, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        StubShard part;
        part.line = line;
        size_t space = line.find(' ');
        std::string type = line.substr(0, space), rest = space == std::string::npos ? "" : line.substr(space + 1);
        auto unsupported = [&](const std::string &why) {
            return Xapian::DatabaseOpeningError(stub + ":" + std::to_string(number) + ": " + why + ": " + line);
        };
        if (type == "glass" || type == "auto") {
            if (rest.empty()) throw unsupported("no folder");
            part.folder = rest[0] == '/' ? rest : folder + "/" + rest;
        } else if (type == "remote") {
            part.remote = true;
            if (!rest.empty() && rest[0] == ':') {
                // `remote :PROGRAM ARGS`: the program speaks Xapian's remote protocol on stdin and stdout.
                size_t end = rest.find(' ');
                part.program = rest.substr(1, end == std::string::npos ? std::string::npos : end - 1);
                if (end != std::string::npos) part.args = rest.substr(end + 1);
                if (part.program.empty()) throw unsupported("no program after 'remote :'");
            } else {
                // `remote HOST:PORT` (an IPv6 host in brackets), as Xapian reads it.
                size_t colon = rest.rfind(':');
                if (colon == std::string::npos || colon == 0 || colon + 1 == rest.size() ||
                    rest.find_first_not_of("0123456789", colon + 1) != std::string::npos) {
                    throw unsupported("expected 'remote HOST:PORT' or 'remote :PROGRAM ARGS'");
                }
                part.host = rest.substr(0, colon);
                if (part.host.size() > 2 && part.host.front() == '[' && part.host.back() == ']') part.host = part.host.substr(1, part.host.size() - 2);
                unsigned long port = std::stoul(rest.substr(colon + 1));
                if (port == 0 || port > 65535) throw unsupported("port out of range");
                part.port = static_cast<unsigned>(port);
            }
        } else {
            throw unsupported("unsupported line (glass FOLDER, auto FOLDER, remote HOST:PORT or remote :PROGRAM ARGS)");
        }
        parts.push_back(std::move(part));
    }
    if (parts.empty()) throw Xapian::DatabaseOpeningError(stub + " lists no shards");
    return parts;
}

void open_reader(cx_database &handle, const std::string &path, const cx_remote_options &options) {
    handle.remote_options = options;
    std::string stub = path + "/XAPIANDB";
    struct stat info;
    if (stat(stub.c_str(), &info) != 0) {
        handle.reader = Xapian::Database(path);
        return;
    }
    handle.stub = stub;
    handle.parts = read_stub(path, stub);
    for (size_t i = 0; i < handle.parts.size(); ++i) connect(handle.parts[i], i, options);
    combine(handle);
}

} // namespace cxapian

extern "C" {

cx_database *cx_database_open_reader(const char *path, const cx_remote_options *options, cx_error *error) {
    return guarded<cx_database *>(error, nullptr, [&] {
        auto handle = std::make_unique<cx_database>();
        open_reader(*handle, path, options ? *options : cx_remote_options{10.0, 10.0, false});
        return handle.release();
    });
}

bool cx_database_has_remote(const cx_database *db) { return db->has_remote(); }

char *cx_database_shard_line(const cx_database *db, uint32_t index, size_t *out_len) {
    return guarded<char *>(nullptr, nullptr, [&]() -> char * {
        return index < db->parts.size() ? copy_out(db->parts[index].line, out_len) : nullptr;
    });
}

bool cx_database_reconnect(cx_database *db, cx_error *error) {
    return guarded(error, false, [&] {
        if (!db->has_remote()) return true;
        for (size_t i = 0; i < db->parts.size(); ++i) {
            if (db->parts[i].remote) connect(db->parts[i], i, db->remote_options);
        }
        combine(*db);
        return true;
    });
}

void cx_database_missing_shards(const cx_database *db,
                                void (*visit)(void *, const char *, size_t, const char *, size_t), void *context) {
    for (const auto &part : db->parts) {
        if (!part.missing.empty()) visit(context, part.line.data(), part.line.size(), part.missing.data(), part.missing.size());
    }
}

} // extern "C"
