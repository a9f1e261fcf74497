#include "driver/experiment/shared_library_check.hpp"

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace syncsim {

namespace {

#if defined(__x86_64__)
constexpr std::uint16_t kMachine = EM_X86_64;
constexpr const char* kMachineName = "x86-64";
#elif defined(__aarch64__)
constexpr std::uint16_t kMachine = EM_AARCH64;
constexpr const char* kMachineName = "AArch64";
#else
#error "syncsim checks plugins for x86-64 and AArch64 hosts only"
#endif

class File {
  public:
    explicit File(const std::string& path) : m_fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
    ~File() {
        if (m_fd >= 0) ::close(m_fd);
    }
    File(const File&) = delete;
    File& operator=(const File&) = delete;
    int fd() const { return m_fd; }
    bool read_at(std::uint64_t offset, void* out, std::size_t n) const {
        return ::pread(m_fd, out, n, static_cast<off_t>(offset)) == static_cast<ssize_t>(n);
    }

  private:
    int m_fd;
};

// [offset, offset + size) lies inside a file of `file_size` bytes.
bool inside(std::uint64_t offset, std::uint64_t size, std::uint64_t file_size) {
    return offset <= file_size && size <= file_size - offset;
}

} // namespace

std::string shared_library_problem(const std::string& path) {
    const File f(path);
    if (f.fd() < 0) return std::string("cannot open it: ") + std::strerror(errno);
    struct stat st {};
    if (::fstat(f.fd(), &st) != 0 || !S_ISREG(st.st_mode)) return "not a regular file";
    const auto size = static_cast<std::uint64_t>(st.st_size);
    Elf64_Ehdr h{};
    if (size < sizeof h || !f.read_at(0, &h, sizeof h))
        return "not an ELF file (" + std::to_string(size) + " bytes, shorter than an ELF header)";
    if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0) return "not an ELF file";
    if (h.e_ident[EI_CLASS] != ELFCLASS64) return "not a 64-bit ELF file";
    if (h.e_ident[EI_DATA] != ELFDATA2LSB) return "an ELF file of the other byte order";
    if (h.e_type != ET_DYN) return "an ELF file, but not a shared library (e_type is not ET_DYN)";
    if (h.e_machine != kMachine)
        return std::string("a shared library for another architecture (this machine is ") +
               kMachineName + ")";
    if (h.e_phentsize != sizeof(Elf64_Phdr) ||
        !inside(h.e_phoff, std::uint64_t(h.e_phnum) * sizeof(Elf64_Phdr), size))
        return "a damaged or truncated shared library: its program headers lie past the end of "
               "the file";
    if (h.e_shoff != 0 && (h.e_shentsize != sizeof(Elf64_Shdr) ||
                           !inside(h.e_shoff, std::uint64_t(h.e_shnum) * sizeof(Elf64_Shdr), size)))
        return "a truncated shared library: its section table lies past the end of the file (" +
               std::to_string(size) + " bytes)";
    std::vector<Elf64_Phdr> segments(h.e_phnum);
    if (!segments.empty() &&
        !f.read_at(h.e_phoff, segments.data(), segments.size() * sizeof(Elf64_Phdr)))
        return "a damaged shared library: its program headers cannot be read";
    for (const Elf64_Phdr& p : segments)
        if (p.p_type != PT_NULL && !inside(p.p_offset, p.p_filesz, size))
            return "a truncated shared library: a segment of it ends at byte " +
                   std::to_string(p.p_offset + p.p_filesz) + ", past the end of the file (" +
                   std::to_string(size) + " bytes)";
    return "";
}

} // namespace syncsim
