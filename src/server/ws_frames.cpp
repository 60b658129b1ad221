#include "server/ws_frames.h"

#include <algorithm>

namespace whist::server {

namespace {

// RFC 6455 5.2: a 7-bit length, or 126 then 16 bits, or 127 then 64 bits; a mask of 4 bytes
// when its bit is set (always, from a client).
size_t header_length(unsigned char second) {
  const unsigned length7 = second & 0x7f;
  const size_t extended = length7 == 126 ? 2 : length7 == 127 ? 8 : 0;
  return 2 + extended + ((second & 0x80) != 0 ? 4 : 0);
}

uint64_t payload_length(const unsigned char* header) {
  const unsigned length7 = header[1] & 0x7f;
  if (length7 < 126) return length7;
  const size_t bytes = length7 == 126 ? 2 : 8;
  uint64_t length = 0;
  for (size_t i = 0; i < bytes; ++i) length = (length << 8) | header[2 + i];
  return length;
}

}  // namespace

size_t FrameCounter::count(const unsigned char* bytes, size_t size) {
  size_t frames = 0;
  const unsigned char* const end = bytes + size;
  while (bytes < end) {
    if (payload_left_ > 0) {  // a payload is skipped whole, however large
      const auto skipped = static_cast<size_t>(
          std::min<uint64_t>(payload_left_, static_cast<uint64_t>(end - bytes)));
      bytes += skipped;
      payload_left_ -= skipped;
      continue;
    }
    header_[header_size_++] = *bytes++;
    if (header_size_ < 2 || header_size_ < header_length(header_[1])) continue;
    payload_left_ = payload_length(header_.data());
    data_ = (header_[0] & 0x08) == 0;  // not a control frame
    if (data_) announced_ = std::max(announced_, payload_left_);
    header_size_ = 0;
    ++frames;
  }
  return frames;
}

}  // namespace whist::server
