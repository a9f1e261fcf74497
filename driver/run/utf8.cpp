#include "driver/run/utf8.hpp"

#include <cstdio>

namespace syncsim {

namespace {

// Length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
// overlongs, no surrogates, at most U+10FFFF), or 0 if there is none.
std::size_t sequence_length(const std::string& text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0) lo = 0xA0;
        if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0) lo = 0x90;
        if (b0 == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return n;
}

bool valid_utf8(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequence_length(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

} // namespace

std::string escape_invalid_utf8(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequence_length(text, i);
        if (n) {
            out.append(text, i, n);
            i += n;
        } else {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02X", static_cast<unsigned char>(text[i]));
            out += hex;
            ++i;
        }
    }
    return out;
}

// Valid text (nearly all of it) is checked in place: nothing is copied or
// rebuilt unless a string or key needs escaping (a result lists thousands).
void make_valid_utf8(nlohmann::json& j) {
    if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        if (!valid_utf8(s)) j = escape_invalid_utf8(s);
    } else if (j.is_array()) {
        for (auto& item : j) make_valid_utf8(item);
    } else if (j.is_object()) {
        // Plain iterators: items() builds two strings per member.
        bool keys_valid = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            make_valid_utf8(it.value());
            keys_valid = keys_valid && valid_utf8(it.key());
        }
        if (keys_valid) return;
        nlohmann::json fixed = nlohmann::json::object();
        for (auto& [key, value] : j.items()) fixed[escape_invalid_utf8(key)] = std::move(value);
        j = std::move(fixed);
    }
}

} // namespace syncsim
