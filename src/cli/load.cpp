// `whist load`: the load tool of docs/performance.md. It fills a running `whist serve` with
// tables whose every seat is a client of this tool that plays a random legal action as soon as
// it is its turn, over one WebSocket each, all on one thread (Boost.Beast, asynchronous). It
// measures the time from each action sent to the broadcast of its result reaching the client
// that sent it, and counts errors: error messages, and connections that close or fail. With
// --bot-tables, tables of one such client and three bots also measure how long a player waits
// for each bot move; with --watched, tables of four bots with one spectator each compete for the
// server's bot threads (which serve the tables with a player first).
#include <sys/resource.h>

#include <simdjson.h>
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/rng.h"

namespace whist::cli {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct LoadArgs {
  std::string address = "127.0.0.1";
  int port = 8080;
  int tables = 500;
  std::string variant = "romanian";
  double seconds = 30;
  double warmup = 3;
  uint64_t seed = 1;
  double think_ms = 0;  // mean pause before each action (uniform from 0 to twice this)
  int pid = 0;          // the server's, to read its memory
  bool json = false;
  int bot_tables = 0;  // tables of one client and three bots
  int watched = 0;     // tables of four bots, each with one spectator
  std::string bot = "expert:normal";
};

struct Stats {
  std::vector<double> latency_ms;
  std::vector<double> bot_move_ms;  // at the tables with bots: a player's wait, a bot move
  int64_t actions = 0;
  int64_t errors = 0;
  int64_t stale = 0;  // actions refused because the table had moved on (a protocol answer)
  int64_t closed = 0;
  std::string first_error;
  bool measuring = false;
  // The clients share one thread, so one parser: the load tool's own parsing must cost little,
  // since it shares the machine's cores with the server it measures.
  simdjson::ondemand::parser parser;
  std::string padded;  // a message with simdjson's padding after it
};

// Raises the open-file limit to its hard maximum: 2,000 sockets are past the usual 1,024.
void raise_file_limit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

// The Host the requests name: the server's address and port, as a browser would. A server on a
// loopback address refuses other names (they come from DNS rebinding).
std::string host_header(const std::string& address, int port) {
  // As a browser writes it (0:0:0:0:0:0:0:1 as ::1); the address is checked before any request.
  boost::system::error_code ec;
  const net::ip::address a = net::ip::make_address(address, ec);
  const std::string shown = ec ? address : a.to_string();
  const bool v6 = !ec && a.is_v6();
  return fmt::format("{}{}{}:{}", v6 ? "[" : "", shown, v6 ? "]" : "", port);
}

// One synchronous HTTP exchange on a kept-alive connection.
class Api {
 public:
  Api(net::io_context& ioc, const std::string& address, int port)
      : socket_(ioc), host_(host_header(address, port)) {
    socket_.connect(tcp::endpoint(net::ip::make_address(address), static_cast<uint16_t>(port)));
  }
  Json post(const std::string& target, const Json& body) {
    http::request<http::string_body> req{http::verb::post, target, 11};
    req.set(http::field::host, host_);
    req.set(http::field::content_type, "application/json");
    req.keep_alive(true);
    req.body() = body.dump();
    req.prepare_payload();
    http::write(socket_, req);
    http::response<http::string_body> res;
    http::read(socket_, buffer_, res);
    if (res.result_int() >= 300) {
      throw std::runtime_error(
          target + ": " + std::to_string(res.result_int()) + " " + res.body() +
          (res.result_int() == 429
               ? " (start the server with --api-rate 0 --max-connections 0 --max-websockets 0 "
                 "--create-rate 0 for the load tool)"
               : ""));
    }
    return Json::parse(res.body());
  }

 private:
  tcp::socket socket_;
  const std::string host_;
  beast::flat_buffer buffer_;
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  // `time_bots`: the other seats are bots, and the client times how long it waits for them.
  Client(net::io_context& ioc, Stats& stats, std::string table, std::string token, uint64_t seed,
         double think_ms, bool time_bots = false)
      : ws_(net::make_strand(ioc)),
        timer_(ws_.get_executor()),
        think_ms_(think_ms),
        time_bots_(time_bots),
        stats_(stats),
        table_(std::move(table)),
        token_(std::move(token)),
        rng_(seed) {}

  // `host`: the Host the upgrade names (host_header).
  void start(const tcp::endpoint& server, const std::string& host) {
    beast::get_lowest_layer(ws_).async_connect(
        server, [self = shared_from_this(), host](beast::error_code ec) {
          if (ec) return self->fail("connect", ec);
          beast::error_code ignored;  // small messages, sent at once (as the server does)
          beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ignored);
          self->ws_.async_handshake(host, "/ws", [self](beast::error_code ec2) {
            if (ec2) return self->fail("handshake", ec2);
            Json hello{{"type", "hello"}, {"table", self->table_}};
            if (!self->token_.empty()) hello["token"] = self->token_;  // else a spectator
            self->send(hello.dump());
            self->read();
          });
        });
  }

 private:
  void fail(const char* what, beast::error_code ec) {
    // A connection that dies fails its read and its write: one client, counted once
    // (regression: 497 "failed or closed" of 400 clients).
    if (failed_) return;
    failed_ = true;
    ++stats_.closed;
    if (!stats_.first_error.empty()) return;
    stats_.first_error = std::string(what) + ": " + ec.message();
    // The server's reason, when it closed the connection (e.g. its rate limit).
    if (ec == websocket::error::closed && !ws_.reason().reason.empty()) {
      stats_.first_error += " (" + std::string(ws_.reason().reason.c_str()) + ")";
    }
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->fail("read", ec);
      const auto data = self->buffer_.cdata();
      self->on_message({static_cast<const char*>(data.data()), data.size()});
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void on_message(std::string_view text) {
    std::string& buf = stats_.padded;
    buf.assign(text);
    buf.reserve(text.size() + simdjson::SIMDJSON_PADDING);
    simdjson::ondemand::document doc;
    std::string_view type;
    if (stats_.parser.iterate(buf.data(), buf.size(), buf.capacity()).get(doc) ||
        doc["type"].get_string().get(type)) {
      return note_error(text);
    }
    if (type == "error") {
      waiting_for_ = 0;
      std::string_view code;
      if (!doc["code"].get_string().get(code) && code == "stale") {
        ++stats_.stale;  // the table moved on before the action came: not an error
        return;
      }
      return note_error(text);
    }
    if (type != "state") return;
    uint64_t seq = 0;
    if (doc["seq"].get_uint64().get(seq)) return note_error(text);
    if (waiting_for_ > 0 && seq >= waiting_for_) {
      if (stats_.measuring) {
        stats_.latency_ms.push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
        ++stats_.actions;
      }
      waiting_for_ = 0;
    }
    if (waiting_for_ > 0) return;
    ++decision_;  // a pause still running was for an older state: it must not act
    simdjson::ondemand::value view;
    bool no_view = false;
    if (doc["view"].get(view) || view.is_null().get(no_view) || no_view) return;
    simdjson::ondemand::array legal;
    if (view["legal"].get_array().get(legal)) return note_error(text);
    codes_.clear();
    for (auto action : legal) {
      int64_t code = 0;
      if (action["code"].get_int64().get(code)) return note_error(text);
      codes_.push_back(code);
    }
    if (time_bots_) time_bots(seq, !codes_.empty());
    if (codes_.empty()) return;
    const int64_t choice = codes_[rng_.below(static_cast<uint32_t>(codes_.size()))];
    std::string act = R"({"type":"act","action":)" + std::to_string(choice) + R"(,"seq":)" +
                      std::to_string(seq) + "}";
    if (think_ms_ <= 0) return act_now(seq, std::move(act));
    const double pause_ms = 2 * think_ms_ * static_cast<double>(rng_.below(1000000)) / 1e6;
    timer_.expires_after(std::chrono::microseconds(static_cast<int64_t>(pause_ms * 1000)));
    timer_.async_wait([self = shared_from_this(), seq, decision = decision_,
                       act = std::move(act)](beast::error_code ec) mutable {
      if (!ec && decision == self->decision_) self->act_now(seq, std::move(act));
    });
  }

  // From the first state where others are to move to the next where this client is: the wait
  // for each of the bot moves between (events seq apart).
  void time_bots(uint64_t seq, bool my_turn) {
    if (!my_turn) {
      if (bots_from_seq_ == 0) {
        bots_from_seq_ = seq;
        bots_from_ = Clock::now();
      }
      return;
    }
    if (bots_from_seq_ > 0 && seq > bots_from_seq_ && stats_.measuring) {
      const double ms =
          std::chrono::duration<double, std::milli>(Clock::now() - bots_from_).count();
      const auto moves = static_cast<double>(seq - bots_from_seq_);
      for (uint64_t k = bots_from_seq_; k < seq; ++k) stats_.bot_move_ms.push_back(ms / moves);
    }
    bots_from_seq_ = 0;
  }

  void act_now(uint64_t seq, std::string act) {
    waiting_for_ = seq + 1;
    sent_at_ = Clock::now();
    send(std::move(act));
  }

  void note_error(std::string_view text) {
    ++stats_.errors;
    if (stats_.first_error.empty()) stats_.first_error = text;
  }

  void send(std::string message) {
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) write();
  }
  void write() {
    ws_.async_write(net::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return self->fail("write", ec);
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;  // the pause before an action
  double think_ms_;
  bool time_bots_;
  bool failed_ = false;
  uint64_t bots_from_seq_ = 0;  // the state from which the bots were to move (0: none)
  Clock::time_point bots_from_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  Stats& stats_;
  std::string table_;
  std::string token_;
  Rng rng_;
  std::vector<int64_t> codes_;  // the legal actions of the last state
  uint64_t waiting_for_ = 0;    // the event that answers the action sent (0: none in flight)
  uint64_t decision_ = 0;       // counts the states that could be decided on
  Clock::time_point sent_at_;
};

// The server's resident memory now and at its peak, in MB (from /proc), or -1.
std::pair<double, double> server_memory(int pid) {
  if (pid <= 0) return {-1, -1};
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  double rss = -1, hwm = -1;
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") status >> rss;
    if (key == "VmHWM:") status >> hwm;
  }
  return {rss / 1024, hwm / 1024};
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<size_t>(p / 100 * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

int run_load(const LoadArgs& a) {
  raise_file_limit();
  net::io_context ioc;
  Stats stats;
  std::vector<std::shared_ptr<Client>> clients;
  const auto t_setup = Clock::now();
  try {
    Api api(ioc, a.address, a.port);
    // A private table whose schedule repeats to the server's cap, 1,000 deals (some 20,000
    // actions), so it plays for the whole run: at 500 tables the server's 7,500 actions a second
    // would take half an hour to finish one.
    const auto make_table = [&](const std::string& token, const Json& seats) {
      return api
          .post("/api/tables", {{"token", token},
                                {"variant", a.variant},
                                {"players", 4},
                                {"options", {{"end", "deals"}, {"deals", "1000"}}},
                                {"seats", seats},
                                {"public", false}})
          .at("id")
          .get<std::string>();
    };
    for (int t = 0; t < a.tables; ++t) {
      std::vector<std::string> tokens;
      for (int s = 0; s < 4; ++s) {
        tokens.push_back(
            api.post("/api/guests", {{"name", "load" + std::to_string(4 * t + s)}}).at("token"));
      }
      const std::string id = make_table(tokens[0], {"human", "human", "human", "human"});
      for (int s = 0; s < 4; ++s) {
        api.post("/api/tables/" + id + "/join", {{"token", tokens[s]}, {"seat", s}});
        clients.push_back(std::make_shared<Client>(
            ioc, stats, id, tokens[s], derive_seed(a.seed, {static_cast<uint64_t>(4 * t + s)}),
            a.think_ms));
      }
    }
    // The bots play in the server; this tool plays seat 0, or watches.
    for (int t = 0; t < a.bot_tables + a.watched; ++t) {
      const bool player = t < a.bot_tables;
      const std::string token =
          api.post("/api/guests", {{"name", "bots" + std::to_string(t)}}).at("token");
      const std::string id =
          make_table(token, Json::array({player ? "human" : a.bot, a.bot, a.bot, a.bot}));
      if (player) api.post("/api/tables/" + id + "/join", {{"token", token}, {"seat", 0}});
      clients.push_back(std::make_shared<Client>(ioc, stats, id, player ? token : "",
                                                 derive_seed(a.seed, {1, static_cast<uint64_t>(t)}),
                                                 a.think_ms, player));
    }
  } catch (const boost::system::system_error& e) {
    // Not what(): Boost adds the file and function of its own source that raised it.
    print_error("load", "setting up the tables: the server at {}:{}: {}", a.address, a.port,
                e.code().message());
    return 1;
  } catch (const std::exception& e) {
    print_error("load", "setting up the tables: {}", e.what());
    return 1;
  }
  const double setup_s = std::chrono::duration<double>(Clock::now() - t_setup).count();
  const tcp::endpoint server(net::ip::make_address(a.address), static_cast<uint16_t>(a.port));
  const std::string host = host_header(a.address, a.port);
  for (auto& c : clients) c->start(server, host);
  ioc.run_for(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(a.warmup)));
  stats.measuring = true;
  stats.errors = 0;
  stats.stale = 0;
  const auto t0 = Clock::now();
  ioc.run_for(
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(a.seconds)));
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  stats.measuring = false;
  const auto [rss, peak] = server_memory(a.pid);
  std::vector<double>& l = stats.latency_ms;
  const double p50 = percentile(l, 50), p90 = percentile(l, 90), p99 = percentile(l, 99);
  const double max = l.empty() ? 0 : *std::max_element(l.begin(), l.end());
  std::vector<double>& b = stats.bot_move_ms;
  const double b50 = percentile(b, 50), b90 = percentile(b, 90), b99 = percentile(b, 99);
  const double bmax = b.empty() ? 0 : *std::max_element(b.begin(), b.end());
  if (a.json) {
    std::printf("%s\n",
                Json{{"clients", clients.size()},
                     {"tables", a.tables},
                     {"think_ms", a.think_ms},
                     {"seconds", elapsed},
                     {"actions", stats.actions},
                     {"actions_per_second", static_cast<double>(stats.actions) / elapsed},
                     {"latency_ms", {{"p50", p50}, {"p90", p90}, {"p99", p99}, {"max", max}}},
                     {"bot_tables", a.bot_tables},
                     {"watched_tables", a.watched},
                     {"bot", a.bot},
                     {"bot_moves", b.size()},
                     {"bot_move_ms", {{"p50", b50}, {"p90", b90}, {"p99", b99}, {"max", bmax}}},
                     {"errors", stats.errors},
                     {"first_error", stats.first_error},
                     {"connections_failed_or_closed", stats.closed},
                     {"server_rss_mb", rss},
                     {"server_peak_rss_mb", peak}}
                    .dump(2)
                    .c_str());
  } else {
    std::printf(
        "%zu clients at %d tables (set up in %.1f s), thinking %.0f ms on average, "
        "measured over %.1f s\n",
        clients.size(), a.tables, setup_s, a.think_ms, elapsed);
    std::printf("actions: %lld (%.0f a second)\n", static_cast<long long>(stats.actions),
                static_cast<double>(stats.actions) / elapsed);
    std::printf("action to broadcast: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", p50,
                p90, p99, max);
    if (a.bot_tables + a.watched > 0) {
      std::printf(
          "%s bots at %d tables with a player and %d watched: %zu moves at the players' tables "
          "(%.1f a second)\n",
          a.bot.c_str(), a.bot_tables, a.watched, b.size(),
          static_cast<double>(b.size()) / elapsed);
      std::printf(
          "a player's wait, a bot move: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n", b50,
          b90, b99, bmax);
    }
    std::printf("errors: %lld; stale actions: %lld; connections failed or closed: %lld\n",
                static_cast<long long>(stats.errors), static_cast<long long>(stats.stale),
                static_cast<long long>(stats.closed));
    if (rss >= 0) std::printf("server memory: %.0f MB now, %.0f MB at its peak\n", rss, peak);
    if (!stats.first_error.empty())
      std::printf("first error: %s\n", escape_control_characters(stats.first_error).c_str());
  }
  return stats.errors == 0 && stats.closed == 0 ? 0 : 1;
}

}  // namespace

void add_load(CLI::App& app, int& status) {
  auto args = std::make_shared<LoadArgs>();
  CLI::App* cmd = app.add_subcommand(
      "load",
      "load a running `whist serve` with tables of random-playing clients (docs/performance.md); "
      "its tables stay in the server's database: never load a server people play on");
  cmd->add_option("--address", args->address, "the server's address (default 127.0.0.1)")
      ->check(not_empty());
  cmd->add_option("--port", args->port, "the server's port (default 8080)")
      ->transform(whole_number_in(1, 65535));
  cmd->add_option("--tables", args->tables, "tables, four clients each (default 500)")
      ->transform(whole_number_in(0, 5000));
  cmd->add_option("--bot-tables", args->bot_tables,
                  "tables of one client and three bots, timing each bot move as the player "
                  "waits for it (default 0)")
      ->transform(whole_number_in(0, 5000));
  cmd->add_option("--watched", args->watched,
                  "tables of four bots, each with one spectator (default 0)")
      ->transform(whole_number_in(0, 5000));
  cmd->add_option("--bot", args->bot, "the bots of those tables (default expert:normal)")
      ->check(not_empty());
  cmd->add_option("--variant", args->variant, "the preset the tables play (default romanian)")
      ->check(not_empty());
  cmd->add_option("--seconds", args->seconds, "how long to measure (seconds, default 30)")
      ->transform(number_in(0.1, 3600.0));
  cmd->add_option("--warmup", args->warmup, "seconds of play before measuring (default 3)")
      ->transform(number_in(0.0, 600.0));
  cmd->add_option("--seed", args->seed, "seeds the clients' random choices (default 1)")
      ->transform(whole_number_u64());
  cmd->add_option("--think", args->think_ms,
                  "each client pauses before acting, uniformly from 0 to twice this (ms; 0: acts "
                  "at once)")
      ->transform(number_in(0.0, 60000.0));
  cmd->add_option("--pid", args->pid,
                  "the server's process id, to report its memory (a process on this machine)")
      ->transform(whole_number_in(1, 4194304));
  cmd->add_flag("--json", args->json, "the results as JSON");
  cmd->callback([args, &status] {
    if (args->tables + args->bot_tables + args->watched == 0) {
      throw CLI::ValidationError("--tables", "no tables: give --tables, --bot-tables or --watched");
    }
    // Checked first: a run of minutes would end with its memory figures missing.
    if (args->pid != 0 && !std::filesystem::exists("/proc/" + std::to_string(args->pid))) {
      throw CLI::ValidationError("--pid",
                                 "no process " + std::to_string(args->pid) + " on this machine");
    }
    status = run_load(*args);
  });
}

}  // namespace whist::cli
