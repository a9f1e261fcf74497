// An output stream that gzip-compresses into another stream (zlib's deflate
// with a gzip header): a timeline of a long run is mostly repeated names
// and keys, and Perfetto and chrome://tracing open .json.gz as they are.
// zlib's fastest level: a twelfth of the size for about the time the plain
// text takes (level 6 gave 0.7 of that size at 1.6 times the run time).
// The header carries no time or name, so the same input gives the same
// bytes.
#pragma once

#include <memory>
#include <ostream>

namespace syncsim {

class GzipStream : public std::ostream {
  public:
    // `out` must outlive it.
    explicit GzipStream(std::ostream& out);
    ~GzipStream() override;
    // Compresses what is buffered and writes the gzip trailer into `out`;
    // false when zlib failed (out's own state says whether writes failed).
    bool finish();

    static bool is_gzip_path(const std::string& path);

  private:
    class Buffer;
    std::unique_ptr<Buffer> m_buffer;
};

} // namespace syncsim
