// A WebSocket's frames counted as their bytes come off the socket, before Beast parses them.
// Beast answers pings within a read and reads an empty fragment (a continuation frame with no
// payload) without returning to its caller, so a count of what a read returns missed them: a
// flood of empty fragments was bounded by the bytes read a second alone, some 11,000 frames a
// second on each connection, never closed. Counted here, every frame is alike (WsSession).
#pragma once

#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>

namespace whist::server {

// Follows the frames' headers through a stream of bytes read in pieces of any size.
class FrameCounter {
 public:
  // The frames whose header ends within `bytes`, the next ones read.
  size_t count(const unsigned char* bytes, size_t size);
  // The longest payload a data frame (text, binary, a continuation) whose header was counted
  // since the last call announced: 0 if none. Told before any of the payload comes, so that a
  // header alone neither passes the size limit nor holds its connection unnoticed.
  uint64_t take_announced() { return std::exchange(announced_, 0); }
  // Whether a data frame's header has been counted and not all of its payload: a message begun,
  // whichever read Beast returns it in.
  bool data_pending() const { return payload_left_ > 0 && data_; }

 private:
  uint64_t announced_ = 0;
  bool data_ = false;          // the frame whose header was counted last is a data frame
  uint64_t payload_left_ = 0;  // of the frame whose header was read last
  std::array<unsigned char, 14> header_{};  // the longest: 2, 8 bytes of length, 4 of mask
  size_t header_size_ = 0;                  // read so far of the next header
};

// A stream under a websocket::stream: reads pass through a FrameCounter, which tells
// `on_frames` how many frames began in them before Beast sees them. Everything else is the next
// layer's.
template <class NextLayer>
class FrameCountingStream {
 public:
  using executor_type = typename NextLayer::executor_type;

  explicit FrameCountingStream(NextLayer&& next) : next_(std::move(next)) {}

  NextLayer& next_layer() { return next_; }
  bool data_pending() const { return counter_.data_pending(); }
  const NextLayer& next_layer() const { return next_; }
  executor_type get_executor() { return next_.get_executor(); }

  // Called within a read of the stream, so it may not start operations on it (post them), with
  // the frames counted and FrameCounter::take_announced.
  void on_frames(std::function<void(size_t, uint64_t)> callback) {
    on_frames_ = std::move(callback);
  }

  // Bytes already taken off the next layer (what followed the upgrade request in the HTTP
  // session's read: a client may send its first frame with the request): read first, and
  // counted as they are, like the rest.
  void prefix(std::string bytes) {
    prefix_ = std::move(bytes);
    prefix_at_ = 0;
  }

  template <class MutableBuffers, class Handler>
  auto async_read_some(const MutableBuffers& buffers, Handler&& handler) {
    return boost::asio::async_compose<Handler, void(boost::beast::error_code, size_t)>(
        ReadOp<MutableBuffers>{*this, buffers}, handler, next_);
  }

  template <class ConstBuffers, class Handler>
  auto async_write_some(const ConstBuffers& buffers, Handler&& handler) {
    return next_.async_write_some(buffers, std::forward<Handler>(handler));
  }

 private:
  template <class MutableBuffers>
  struct ReadOp {
    FrameCountingStream& stream;
    MutableBuffers buffers;
    enum class Stage { Start, FromPrefix, FromNext } stage = Stage::Start;

    template <class Self>
    void operator()(Self& self, boost::beast::error_code ec = {}, size_t n = 0) {
      switch (stage) {
        case Stage::Start:
          if (stream.prefix_at_ < stream.prefix_.size() && boost::asio::buffer_size(buffers) > 0) {
            stage = Stage::FromPrefix;
            // Completed from the executor, never within the call that began the read.
            boost::asio::post(stream.get_executor(), std::move(self));
            return;
          }
          stage = Stage::FromNext;
          stream.next_.async_read_some(buffers, std::move(self));
          return;
        case Stage::FromPrefix:
          n = boost::asio::buffer_copy(
              buffers, boost::asio::buffer(stream.prefix_.data() + stream.prefix_at_,
                                           stream.prefix_.size() - stream.prefix_at_));
          stream.prefix_at_ += n;
          if (stream.prefix_at_ == stream.prefix_.size()) {
            stream.prefix_.clear();
            stream.prefix_at_ = 0;
          }
          break;
        case Stage::FromNext:
          break;
      }
      stream.counted(boost::beast::buffers_prefix(n, buffers));
      self.complete(ec, n);
    }
  };

  template <class Buffers>
  void counted(const Buffers& read) {
    size_t frames = 0;
    for (const auto piece : boost::beast::buffers_range_ref(read)) {
      frames += counter_.count(static_cast<const unsigned char*>(piece.data()), piece.size());
    }
    const uint64_t announced = counter_.take_announced();
    if (frames > 0 && on_frames_) on_frames_(frames, announced);
  }

  NextLayer next_;
  std::string prefix_;    // FrameCountingStream::prefix
  size_t prefix_at_ = 0;  // of it read so far
  FrameCounter counter_;
  std::function<void(size_t, uint64_t)> on_frames_;
};

// A WebSocket's closing handshake ends with these (found by argument-dependent lookup): the next
// layer's, which read past the frames and need not be counted.
template <class NextLayer>
void teardown(boost::beast::role_type role, FrameCountingStream<NextLayer>& stream,
              boost::beast::error_code& ec) {
  using boost::beast::websocket::teardown;
  teardown(role, stream.next_layer(), ec);
}

template <class NextLayer, class Handler>
void async_teardown(boost::beast::role_type role, FrameCountingStream<NextLayer>& stream,
                    Handler&& handler) {
  using boost::beast::websocket::async_teardown;
  async_teardown(role, stream.next_layer(), std::forward<Handler>(handler));
}

}  // namespace whist::server
