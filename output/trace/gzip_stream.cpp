#include "output/trace/gzip_stream.hpp"

#include <streambuf>
#include <vector>
#include <zlib.h>

namespace syncsim {

class GzipStream::Buffer : public std::streambuf {
  public:
    explicit Buffer(std::ostream& out) : m_out(out), m_in(1 << 16), m_deflated(1 << 16) {
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        m_ok = deflateInit2(&m_z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
        setp(m_in.data(), m_in.data() + m_in.size());
    }
    ~Buffer() override { deflateEnd(&m_z); }

    bool finish() {
        if (m_finished) return m_ok;
        m_finished = true;
        deflate_buffered(Z_FINISH);
        m_out.flush();
        return m_ok;
    }

  protected:
    int_type overflow(int_type c) override {
        if (!deflate_buffered(Z_NO_FLUSH)) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return 0; } // compressed at overflow and at finish

  private:
    // Compresses the buffered input into `m_out`; with Z_FINISH, to the end.
    bool deflate_buffered(int flush) {
        if (!m_ok || m_finished_stream) return m_ok;
        m_z.next_in = reinterpret_cast<Bytef*>(pbase());
        m_z.avail_in = static_cast<uInt>(pptr() - pbase());
        int rc = Z_OK;
        do {
            m_z.next_out = reinterpret_cast<Bytef*>(m_deflated.data());
            m_z.avail_out = static_cast<uInt>(m_deflated.size());
            rc = deflate(&m_z, flush);
            if (rc == Z_STREAM_ERROR) {
                m_ok = false;
                return false;
            }
            m_out.write(m_deflated.data(),
                        static_cast<std::streamsize>(m_deflated.size() - m_z.avail_out));
        } while (m_z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
        if (flush == Z_FINISH) m_finished_stream = true;
        setp(m_in.data(), m_in.data() + m_in.size());
        return true;
    }

    std::ostream& m_out;
    std::vector<char> m_in, m_deflated;
    z_stream m_z{};
    bool m_ok = false, m_finished = false, m_finished_stream = false;
};

GzipStream::GzipStream(std::ostream& out)
    : std::ostream(nullptr), m_buffer(std::make_unique<Buffer>(out)) {
    rdbuf(m_buffer.get());
}

GzipStream::~GzipStream() = default;

bool GzipStream::finish() {
    return m_buffer->finish();
}

bool GzipStream::is_gzip_path(const std::string& path) {
    return path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

} // namespace syncsim
