#include "models/trace/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace syncsim {

void write_gtkwave_paths(std::ostream& save, const std::string& trace_path,
                         const std::string& save_path) {
    save << "[dumpfile] \"" << std::filesystem::absolute(trace_path).string() << "\"\n";
    save << "[savefile] \"" << std::filesystem::absolute(save_path).string() << "\"\n";
}

namespace {

std::string reason() {
    return errno ? std::string(": ") + std::strerror(errno) : std::string();
}

} // namespace

std::ofstream open_output(const std::string& path, const std::string& what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    errno = 0;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw OutputError("cannot write " + what + " '" + path + "'" + reason());
    return out;
}

void close_output(std::ofstream& out, const std::string& path, const std::string& what) {
    errno = 0;
    out.flush();
    const bool written = bool(out);
    out.close();
    if (!written || out.fail())
        throw OutputError("writing " + what + " '" + path + "' failed" + reason() +
                          "; the file is incomplete");
}

void check_output_writable(const std::string& path, const std::string& what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw OutputError("cannot write " + what + " '" + path + "': it is a directory");
    // The probe must not leave a file behind: a run refused after this check
    // would otherwise leave an empty output where the user asked for one.
    const bool existed = std::filesystem::exists(path, ec);
    errno = 0;
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe) throw OutputError("cannot write " + what + " '" + path + "'" + reason());
    probe.close();
    if (!existed) std::filesystem::remove(path, ec);
}

} // namespace syncsim
