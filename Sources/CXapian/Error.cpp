#include "Shim.hpp"

namespace cxapian {

void set_error(cx_error *error, int kind, const std::string &message) {
    if (!error) return;
    error->kind = kind;
    size_t n = message.size() < CX_ERROR_MESSAGE_CAPACITY - 1 ? message.size() : CX_ERROR_MESSAGE_CAPACITY - 1;
    std::memcpy(error->message, message.data(), n);
    error->message[n] = '\0';
}

void set_error_from_current_exception(cx_error *error) {
    try {
        throw;
    } catch (const Xapian::DatabaseLockError &e) {
        set_error(error, CX_ERROR_DATABASE_LOCK, e.get_description());
    } catch (const Xapian::DatabaseNotFoundError &e) {
        set_error(error, CX_ERROR_DATABASE_NOT_FOUND, e.get_description());
    } catch (const Xapian::DatabaseOpeningError &e) {
        set_error(error, CX_ERROR_DATABASE_OPENING, e.get_description());
    } catch (const Xapian::DatabaseModifiedError &e) {
        set_error(error, CX_ERROR_DATABASE_MODIFIED, e.get_description());
    } catch (const Xapian::DatabaseCorruptError &e) {
        set_error(error, CX_ERROR_DATABASE_CORRUPT, e.get_description());
    } catch (const Xapian::DatabaseCreateError &e) {
        set_error(error, CX_ERROR_DATABASE_CREATE, e.get_description());
    } catch (const Xapian::DatabaseError &e) {
        set_error(error, CX_ERROR_DATABASE, e.get_description());
    } catch (const Xapian::DocNotFoundError &e) {
        set_error(error, CX_ERROR_DOCUMENT_NOT_FOUND, e.get_description());
    } catch (const Xapian::QueryParserError &e) {
        set_error(error, CX_ERROR_QUERY_PARSER, e.get_description());
    } catch (const Xapian::InvalidArgumentError &e) {
        set_error(error, CX_ERROR_INVALID_ARGUMENT, e.get_description());
    } catch (const Xapian::InvalidOperationError &e) {
        set_error(error, CX_ERROR_INVALID_OPERATION, e.get_description());
    } catch (const Xapian::RangeError &e) {
        set_error(error, CX_ERROR_RANGE, e.get_description());
    } catch (const Xapian::UnimplementedError &e) {
        set_error(error, CX_ERROR_UNIMPLEMENTED, e.get_description());
    } catch (const Xapian::NetworkError &e) {
        // The shim's own network errors name the shard; Xapian's name the operation and the system's reason.
        set_error(error, CX_ERROR_NETWORK, e.get_msg() + (e.get_error_string() ? std::string(" (") + e.get_error_string() + ")" : ""));
    } catch (const Xapian::Error &e) {
        set_error(error, CX_ERROR_OTHER, e.get_description());
    } catch (const std::bad_alloc &) {
        set_error(error, CX_ERROR_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception &e) {
        set_error(error, CX_ERROR_OTHER, e.what());
    } catch (...) {
        set_error(error, CX_ERROR_OTHER, "unknown C++ exception");
    }
}

char *copy_out(const std::string &value, size_t *out_len) {
    char *buffer = static_cast<char *>(std::malloc(value.size() + 1));
    if (!buffer) throw std::bad_alloc();
    std::memcpy(buffer, value.data(), value.size());
    buffer[value.size()] = '\0';
    if (out_len) *out_len = value.size();
    return buffer;
}

void require_writable(cx_database *db) {
    if (!db->writable) throw Xapian::InvalidOperationError("database is open read-only");
}

} // namespace cxapian

extern "C" void cx_free(void *buffer) { std::free(buffer); }
