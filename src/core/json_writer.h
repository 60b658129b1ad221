// JSON written straight into a string, for the hot paths that send many small documents (the
// game server writes a view per seat per action). It writes what nlohmann::json's compact dump()
// writes for the same document, so either may produce a message; the caller writes an object's
// keys in sorted order, as nlohmann's objects keep them, and strings must be valid UTF-8.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace whist {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // An object's key; its value comes next.
  JsonWriter& key(std::string_view k) {
    separate();
    quoted(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  JsonWriter& string(std::string_view s) {
    separate();
    quoted(s);
    return *this;
  }
  JsonWriter& number(int64_t n) {
    separate();
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, n);
    out_.append(buf, r.ptr);
    return *this;
  }
  JsonWriter& boolean(bool b) {
    separate();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonWriter& null() {
    separate();
    out_ += "null";
    return *this;
  }
  // Text that is already JSON (a value written elsewhere).
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
  }

 private:
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    first_ = false;
    return *this;
  }
  // A comma before every value of a container but its first, and none after a key.
  void separate() {
    if (after_key_) {
      after_key_ = false;
    } else if (!first_) {
      out_ += ',';
    }
    first_ = false;
  }
  void quoted(std::string_view s) {
    out_ += '"';
    size_t plain = 0;  // the start of the run of characters written as they are
    for (size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out_.append(s.data() + plain, i - plain);
      plain = i + 1;
      escape(c);
    }
    out_.append(s.data() + plain, s.size() - plain);
    out_ += '"';
  }
  void escape(unsigned char c) {
    switch (c) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\b':
        out_ += "\\b";
        break;
      case '\f':
        out_ += "\\f";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\r':
        out_ += "\\r";
        break;
      case '\t':
        out_ += "\\t";
        break;
      default: {
        static constexpr char kHex[] = "0123456789abcdef";
        out_ += "\\u00";
        out_ += kHex[c >> 4];
        out_ += kHex[c & 15];
      }
    }
  }

  std::string& out_;
  bool first_ = true;  // the next value is the first of its container (or the document)
  bool after_key_ = false;
};

}  // namespace whist
