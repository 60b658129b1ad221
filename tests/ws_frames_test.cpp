// The WebSocket frame counter under the server's WebSockets (server/ws_frames.h): frames are
// counted from their headers in the bytes as read, in pieces of any size, their payloads skipped
// whatever their length, those read with the upgrade request (the stream's prefix) too.
#include "server/ws_frames.h"

#include <gtest/gtest.h>

#include <array>
#include <boost/beast/_experimental/test/stream.hpp>
#include <string>
#include <vector>

namespace whist::server {
namespace {

// A frame's bytes: its header (a 7-bit length, or 126 and 16 bits, or 127 and 64 bits; a mask
// of zeros when `masked`) and `size` bytes of payload.
std::string frame(uint64_t size, bool masked) {
  std::string out = {static_cast<char>(0x81)};
  const char mask_bit = masked ? static_cast<char>(0x80) : 0;
  if (size < 126) {
    out += static_cast<char>(mask_bit | static_cast<char>(size));
  } else {
    const int bytes = size <= 0xffff ? 2 : 8;
    out += static_cast<char>(mask_bit | (bytes == 2 ? 126 : 127));
    for (int i = bytes - 1; i >= 0; --i) out += static_cast<char>((size >> (8 * i)) & 0xff);
  }
  if (masked) out += std::string(4, '\0');
  return out + std::string(size, 'x');
}

size_t count_in_pieces(const std::string& bytes, size_t piece) {
  FrameCounter counter;
  size_t frames = 0;
  for (size_t at = 0; at < bytes.size(); at += piece) {
    const std::string part = bytes.substr(at, piece);
    frames += counter.count(reinterpret_cast<const unsigned char*>(part.data()), part.size());
  }
  return frames;
}

TEST(FrameCounter, CountsFramesOfEveryLengthInPiecesOfAnySize) {
  std::string bytes;
  size_t frames = 0;
  for (const uint64_t size : {0u, 0u, 1u, 125u, 126u, 300u, 65535u, 65536u, 70000u}) {
    for (const bool masked : {true, false}) {
      bytes += frame(size, masked);
      ++frames;
    }
  }
  for (const size_t piece : {size_t{1}, size_t{2}, size_t{5}, size_t{1536}, bytes.size()}) {
    EXPECT_EQ(count_in_pieces(bytes, piece), frames) << piece;
  }
}

// A frame is counted once its header is whole, before its payload comes.
TEST(FrameCounter, CountsAFrameWhenItsHeaderEnds) {
  FrameCounter counter;
  const std::string bytes = frame(70000, true);  // 2 + 8 + 4 bytes of header
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  EXPECT_EQ(counter.count(data, 13), 0u);
  EXPECT_EQ(counter.count(data + 13, 1), 1u);
  EXPECT_EQ(counter.count(data + 14, bytes.size() - 14), 0u);
  const std::string empty = frame(0, true) + frame(0, true) + frame(0, true);
  EXPECT_EQ(counter.count(reinterpret_cast<const unsigned char*>(empty.data()), empty.size()), 3u);
}

// A data frame's length is told with its header, before the payload; a control frame's is not.
TEST(FrameCounter, TellsTheLongestPayloadADataFrameAnnounces) {
  FrameCounter counter;
  const std::string bytes = frame(5000, true);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  EXPECT_EQ(counter.count(data, 8), 1u);  // the header alone: 2 + 2 + 4 bytes
  EXPECT_EQ(counter.take_announced(), 5000u);
  EXPECT_EQ(counter.take_announced(), 0u);  // told once
  counter.count(data + 8, bytes.size() - 8);
  EXPECT_EQ(counter.take_announced(), 0u);
  std::string ping = frame(100, true);
  ping[0] = static_cast<char>(0x89);
  counter.count(reinterpret_cast<const unsigned char*>(ping.data()), ping.size());
  EXPECT_EQ(counter.take_announced(), 0u);
}

// What came off the socket with the upgrade request is read first, in pieces of the reader's
// size, then the next layer's; frames are counted across the two, a header split between them
// once. A read from the prefix completes through the executor, never within its call.
TEST(FrameCountingStream, ReadsItsPrefixFirstAndCountsItsFrames) {
  boost::asio::io_context io;
  boost::beast::test::stream socket(io), peer(io);
  socket.connect(peer);
  FrameCountingStream<boost::beast::test::stream> stream(std::move(socket));
  size_t frames = 0;
  stream.on_frames([&](size_t n, uint64_t) { frames += n; });
  const std::string first = frame(3, true), second = frame(300, true);
  // The second frame's header is split: 2 of its 8 bytes in the prefix.
  stream.prefix(first + second.substr(0, 2));
  peer.write_some(boost::asio::buffer(second.substr(2)));
  std::string read;
  std::array<char, 4> piece{};
  for (int reads = 0; read.size() < first.size() + second.size() && reads < 1000; ++reads) {
    bool done = false;
    stream.async_read_some(boost::asio::buffer(piece), [&](boost::beast::error_code ec, size_t n) {
      EXPECT_FALSE(ec);
      read.append(piece.data(), n);
      done = true;
    });
    EXPECT_FALSE(done) << "completed within its call";
    io.restart();
    io.run();
    ASSERT_TRUE(done);
    // In order: the prefix whole, a piece at a time, before the next layer's.
    EXPECT_EQ(read, (first + second).substr(0, read.size()));
  }
  EXPECT_EQ(read, first + second);
  EXPECT_EQ(frames, 2u);
}

}  // namespace
}  // namespace whist::server
