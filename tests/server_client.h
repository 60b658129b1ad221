// Test helpers for the game server: a Transport with the (real) Hub on a background thread, on a
// free port, and small synchronous HTTP and WebSocket clients (Boost.Beast).
#pragma once

#include <array>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "server/hub.h"
#include "server/transport.h"
#include "temp_dir.h"

namespace whist::server_testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
using Tcp = boost::asio::ip::tcp;
using Response = http::response<http::string_body>;

using test_files::TempDir;

// Keeps what a hub sends, for a hub called directly (the expected answers).
class RecordingOutlet : public server::Outlet {
 public:
  void send(server::ConnId, std::string text) override { sent.push_back(std::move(text)); }
  void close(server::ConnId, std::string reason) override { closed.push_back(std::move(reason)); }
  void log(server::LogLevel, std::string_view what, std::string_view detail) override {
    logged.push_back(std::string(what) + ": " + std::string(detail));
  }
  std::vector<std::string> sent, closed, logged;
};

// A Transport and its Hub serving on a background thread until the end of the test.
class RunningServer {
 public:
  explicit RunningServer(server::TransportConfig config) {
    config.port = 0;
    transport_ = std::make_unique<server::Transport>(config);
    hub_ = std::make_unique<server::Hub>(server::HubConfig{}, *transport_);
    thread_ = std::thread([this] { transport_->run(*hub_); });
  }
  ~RunningServer() { stop(); }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  uint16_t port() const { return transport_->port(); }
  void stop() {
    if (!thread_.joinable()) return;
    transport_->stop();
    thread_.join();
  }

 private:
  std::unique_ptr<server::Transport> transport_;
  std::unique_ptr<server::Hub> hub_;
  std::thread thread_;
};

inline Tcp::endpoint local(uint16_t port) { return {asio::ip::make_address("127.0.0.1"), port}; }

// `req` sent on a new connection, and the answer.
inline Response round_trip(uint16_t port, http::request<http::string_body> req) {
  asio::io_context io;
  Tcp::socket socket(io);
  socket.connect(local(port));
  req.prepare_payload();
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(8 * 1024 * 1024);
  if (req.method() == http::verb::head) parser.skip(true);
  http::read(socket, buffer, parser);
  return parser.release();
}

// A request as the web client makes it: Host 127.0.0.1, and a body as JSON; `headers` besides.
inline http::request<http::string_body> api_request(
    http::verb verb, const std::string& target, const std::string& body = "",
    const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.insert(name, value);
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  return req;
}

// One request on a new connection.
inline Response fetch(uint16_t port, http::verb verb, const std::string& target,
                      const std::string& body = "") {
  return round_trip(port, api_request(verb, target, body));
}

// Bytes as they are on a new connection, and whatever comes back until the server closes.
inline std::string raw_exchange(uint16_t port, const std::string& bytes) {
  asio::io_context io;
  Tcp::socket socket(io);
  socket.connect(local(port));
  asio::write(socket, asio::buffer(bytes));
  std::string reply;
  beast::error_code ec;
  std::array<char, 4096> chunk{};
  for (;;) {
    const size_t n = socket.read_some(asio::buffer(chunk), ec);
    if (ec) break;
    reply.append(chunk.data(), n);
  }
  return reply;
}

// A WebSocket client at /ws.
class WsClient {
 public:
  // `receive_buffer` > 0: that SO_RCVBUF, to play a slow reader.
  explicit WsClient(uint16_t port, int receive_buffer = 0) : ws_(io_) {
    ws_.next_layer().open(Tcp::v4());
    if (receive_buffer > 0) {
      ws_.next_layer().set_option(asio::socket_base::receive_buffer_size(receive_buffer));
    }
    ws_.next_layer().connect(local(port));
    ws_.handshake("127.0.0.1", "/ws");
  }
  websocket::stream<Tcp::socket>& ws() { return ws_; }
  void send(const std::string& text) { ws_.write(asio::buffer(text)); }
  // The next message, or nothing when the connection closed (reason() then says why).
  std::optional<std::string> receive() {
    beast::flat_buffer buffer;
    beast::error_code ec;
    ws_.read(buffer, ec);
    if (ec) return std::nullopt;
    return beast::buffers_to_string(buffer.data());
  }
  // Reads until the server closes; the number of messages read before.
  int drain() {
    int n = 0;
    while (receive()) ++n;
    return n;
  }
  const websocket::close_reason& reason() const { return ws_.reason(); }

  // The next message if one comes within `timeout`. A read stays outstanding between calls, so
  // a timeout loses nothing (do not mix with receive()). Nothing, and closed(), once the
  // connection is gone.
  std::optional<std::string> poll(std::chrono::milliseconds timeout) {
    if (closed_) return std::nullopt;
    if (!reading_) {
      reading_ = true;
      done_ = false;
      ws_.async_read(poll_buffer_, [this](beast::error_code ec, size_t) {
        done_ = true;
        poll_error_ = ec;
      });
    }
    io_.restart();
    io_.run_for(timeout);
    if (!done_) return std::nullopt;
    reading_ = false;
    if (poll_error_) {
      closed_ = true;
      return std::nullopt;
    }
    std::string text = beast::buffers_to_string(poll_buffer_.data());
    poll_buffer_.consume(poll_buffer_.size());
    return text;
  }
  bool closed() const { return closed_; }

 private:
  asio::io_context io_;
  websocket::stream<Tcp::socket> ws_;
  beast::flat_buffer poll_buffer_;
  bool reading_ = false;
  bool done_ = false;
  bool closed_ = false;
  beast::error_code poll_error_;
};

}  // namespace whist::server_testing
