// `whist serve`: the game server (docs/protocol.md): the web client, the lobby's API and the
// tables' WebSockets on one port, until SIGINT, SIGTERM or SIGHUP. Prints one line on stdout when
// it listens, "listening on http://ADDRESS:PORT", which scripts and tests read to learn the port;
// its log goes to stderr (server/log.h), from a line that says what it serves to one when it
// stops (docs/deploy.md). With --check it only reads its database, and names every table it
// could not replay.
#include <fmt/core.h>
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "cli/commands.h"
#include "server/forwarded.h"
#include "server/hub.h"
#include "server/log.h"
#include "server/request_guard.h"
#include "server/store.h"
#include "server/table.h"
#include "server/transport.h"

namespace whist::cli {

namespace {

constexpr const char* kDefaultWeb = "web/dist";

struct ServeArgs {
  std::string address = "127.0.0.1";
  int port = 8080;
  std::string db = "whist.sqlite";
  std::optional<std::string> web;
  double grace = 60;
  uint64_t seed = 0;
  // The limits' defaults are the server's own.
  double api_rate = server::TransportConfig{}.api_rate;
  double ws_rate = server::TransportConfig{}.ws_rate;
  int max_connections = server::TransportConfig{}.max_connections_per_client;
  int max_websockets = server::TransportConfig{}.max_ws_per_client;
  std::optional<int> max_total;       // default: the transport's, or what file descriptors allow
  std::optional<int> player_reserve;  // default: a twentieth of max_total
  std::string max_bot_level{level_name(server::HubConfig{}.max_bot_level)};
  double create_rate = server::HubConfig{}.creations_per_hour;
  int create_burst = static_cast<int>(server::HubConfig{}.creation_burst);
  double seat_rate = server::HubConfig{}.seat_changes_per_minute;
  int guest_expiry_days = server::HubConfig{}.guest_expiry_days;
  double hold_seat = static_cast<double>(server::HubConfig{}.hold_seat_ms) / 1000;
  double expire = static_cast<double>(server::HubConfig{}.abandoned_ms) / 1000;
  double watch_pace = static_cast<double>(server::HubConfig{}.watch_pace_ms) / 1000;
  double secret_pace = static_cast<double>(server::HubConfig{}.secret_pace_ms) / 1000;
  int max_spectators = server::HubConfig{}.max_spectators;
  std::vector<std::string> allow_origins;  // besides the server's own
  std::vector<std::string> allow_hosts;    // besides the loopback names, on a loopback address
  std::vector<std::string> trusted_proxies;
  bool check = false;
};

// --allow-origin's check: an origin as a browser sends it, so that a typo is refused at the
// start, not found out as every page of that origin is refused.
CLI::Validator an_origin() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::string why;
        if (server::parse_origin(text, &why)) return {};
        return fmt::format("{} is not an origin: {}", quote_input(text), why);
      },
      "URL");
}

// --allow-host's: a name or an address as a Host header gives it, without the port (any port of
// it is answered).
CLI::Validator a_host_name() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto host = server::parse_host(text);
        if (!text.empty() && host && !host->port) return {};
        return fmt::format("{} is not a host name or address (without a port)", quote_input(text));
      },
      "NAME");
}

// --trusted-proxy's: an address or a network, numeric (a name would trust whatever it resolves
// to at the time).
CLI::Validator a_network() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::string why;
        if (server::parse_network(text, &why)) return {};
        return fmt::format("{} is not an address or network: {}", quote_input(text), why);
      },
      "ADDRESS[/BITS]");
}

// --address's: what the transport can listen on, said here with the option's name.
CLI::Validator a_listen_address() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (server::listen_address(text)) return {};
        return fmt::format(
            "{} is not an IP address (numeric, such as 127.0.0.1, ::1, 0.0.0.0 or ::) nor "
            "localhost; other names are not resolved",
            quote_input(text));
      },
      "ADDRESS");
}

// Each WebSocket is a file descriptor, and the usual soft limit (1024) is below the few thousand
// players a server should hold; the hard limit is ours to take. The limit then in force.
uint64_t raise_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
  if (limit.rlim_cur < limit.rlim_max) {
    const rlim_t soft = limit.rlim_cur;
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0) limit.rlim_cur = soft;
  }
  return limit.rlim_cur == RLIM_INFINITY ? UINT64_MAX : static_cast<uint64_t>(limit.rlim_cur);
}

// The limit on connections from all clients together and the players' reserve in it: as asked,
// or by default as many as file descriptors allow, at most the transport's default. False, and
// why said, if they do not fit: past the file descriptors, accepts would fail for everyone.
bool fit_connections(const ServeArgs& args, server::TransportConfig& config) {
  const uint64_t files = raise_file_limit();
  const int allowed = server::connections_for_file_limit(files);
  if (args.max_total && *args.max_total > allowed) {
    print_error("serve",
                "--max-total-connections {}: {} file descriptors (ulimit -n) allow at most {} "
                "(two a connection and some to spare); ask for fewer or raise the limit",
                *args.max_total, files, allowed);
    return false;
  }
  config.max_connections = args.max_total.value_or(std::min(config.max_connections, allowed));
  if (config.max_connections < 1) {
    print_error("serve", "{} file descriptors (ulimit -n) are too few for any connection", files);
    return false;
  }
  config.player_reserve = args.player_reserve.value_or(config.max_connections / 20);
  if (config.player_reserve >= config.max_connections) {
    print_error("serve", "--player-reserve {}: it must be less than the {} connections allowed",
                config.player_reserve, config.max_connections);
    return false;
  }
  return true;
}

// The folders where the web client is looked for without --web: web/dist in the current folder,
// or else next to the program's build folder (build/whist -> web/dist), so that `build/whist
// serve` finds the client from anywhere.
std::vector<std::filesystem::path> default_web_dirs() {
  std::vector<std::filesystem::path> dirs = {std::filesystem::absolute(kDefaultWeb)};
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(exe.parent_path().parent_path() / kDefaultWeb);
  return dirs;
}

// The web folder to serve: --web's (empty: none), or the first default one that exists; empty,
// and a warning, if none does. A copied binary, or one started from another folder, finds none,
// and its / answers 404 where the operator expected the game.
std::string web_dir(const std::optional<std::string>& asked) {
  if (asked) return *asked;
  std::vector<std::string> tried;
  for (const auto& dir : default_web_dirs()) {
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return dir.string();
    const std::string text = dir.lexically_normal().string();
    if (std::find(tried.begin(), tried.end(), text) == tried.end()) tried.push_back(text);
  }
  const std::string where = tried.size() == 1
                                ? tried[0] + " does not exist"
                                : fmt::format("neither {} nor {} exists", tried[0], tried[1]);
  server::log_line(server::LogLevel::Warn, "web folder",
                   fmt::format("no web client: {}, so / answers 404 (the API and the WebSockets "
                               "work); build it (scripts/setup) or name its folder with --web "
                               "DIR (--web '' for none, and no warning)",
                               where));
  return "";
}

// A path as the startup line says it: absolute, so that the operator sees where the files are
// whatever folder the server was started from.
std::string absolute_text(const std::string& path) {
  std::error_code ec;
  const auto canonical = std::filesystem::weakly_canonical(std::filesystem::absolute(path), ec);
  return ec ? std::filesystem::absolute(path).string() : canonical.string();
}

std::string database_text(const std::string& db) {
  return db == ":memory:" ? ":memory: (nothing is kept)" : absolute_text(db);
}

std::string web_text(const std::string& dir) {
  return dir.empty() ? "none: / answers 404" : absolute_text(dir);
}

// Every table of the database replayed, as a server would when asked for it: a line for each
// damaged one (the reason the server would log), then the count of each kind. Read only, so a
// running server's database may be checked. 0: none damaged; 1: some; 2: no check.
int run_check(const std::string& db) {
  std::array<int, 3> stages{};  // by TableStage: waiting, under way, finished
  int damaged = 0;
  try {
    server::Store store(db, server::StoreAccess::Read);
    if (!store.snapshot_note().empty()) {
      fmt::print("note: {}\n", escape_control_characters(store.snapshot_note()));
    }
    for (const std::string& id : store.all_tables()) {
      try {
        const auto stored = store.table(id);
        if (!stored) continue;  // deleted since the list (a table left waiting)
        ++stages[static_cast<size_t>(server::replay_table(*stored)->stage())];
      } catch (const server::DamagedTable& e) {
        ++damaged;
        fmt::print("damaged table: {}\n", escape_control_characters(e.what()));
      }
    }
  } catch (const std::exception& e) {
    std::fflush(stdout);
    print_error("serve", "{}", e.what());
    return 2;
  }
  fmt::print("{} tables: {} waiting, {} under way, {} finished, {} damaged\n",
             stages[0] + stages[1] + stages[2] + damaged, stages[0], stages[1], stages[2], damaged);
  return damaged == 0 ? 0 : 1;
}

int run_serve(const ServeArgs& args) {
  if (args.check) return run_check(args.db);
  server::TransportConfig transport_config;
  transport_config.address = args.address;
  transport_config.port = static_cast<uint16_t>(args.port);
  transport_config.stop_on_signals = true;
  transport_config.api_rate = args.api_rate;
  transport_config.ws_rate = args.ws_rate;
  transport_config.ws_burst = 2 * args.ws_rate;
  transport_config.max_connections_per_client = args.max_connections;
  transport_config.max_ws_per_client = args.max_websockets;
  transport_config.allowed_origins = args.allow_origins;
  transport_config.allowed_hosts = args.allow_hosts;
  transport_config.trusted_proxies = args.trusted_proxies;
  if (!fit_connections(args, transport_config)) return 2;
  if (args.web) {
    std::error_code ec;
    if (!args.web->empty() && !std::filesystem::is_directory(*args.web, ec)) {
      print_error("serve", "--web '{}' is not a folder", *args.web);
      return 2;
    }
  }
  transport_config.web_dir = web_dir(args.web);
  server::HubConfig hub_config{args.db, std::llround(args.grace * 1000), args.seed};
  hub_config.max_bot_level = *level_named(args.max_bot_level);  // checked by the option
  hub_config.creations_per_hour = args.create_rate;
  hub_config.creation_burst = args.create_burst;
  hub_config.seat_changes_per_minute = args.seat_rate;
  hub_config.guest_expiry_days = args.guest_expiry_days;
  hub_config.hold_seat_ms = std::llround(args.hold_seat * 1000);
  hub_config.abandoned_ms = std::llround(args.expire * 1000);
  hub_config.watch_pace_ms = std::llround(args.watch_pace * 1000);
  hub_config.secret_pace_ms = std::llround(args.secret_pace * 1000);
  hub_config.max_spectators = args.max_spectators;
  bool started = false;
  try {
    server::Transport transport(transport_config);
    server::Hub hub(hub_config, transport);
    const std::string address = transport.address();
    const bool v6 = address.find(':') != std::string::npos;
    const std::string url =
        fmt::format("http://{}{}{}:{}", v6 ? "[" : "", address, v6 ? "]" : "", transport.port());
    std::string proxies;
    for (const std::string& proxy : args.trusted_proxies) {
      proxies += (proxies.empty() ? "; trusted proxies " : ", ") + proxy;
    }
    server::log_line(server::LogLevel::Info, "started",
                     fmt::format("whist {} on {}; database {}; web folder {}; {} tables resumed{}",
                                 WHIST_VERSION, url, database_text(args.db),
                                 web_text(transport_config.web_dir), hub.live_tables(), proxies));
    started = true;
    fmt::print("listening on {}\n", url);
    std::fflush(stdout);
    transport.run(hub);
  } catch (const std::exception& e) {
    server::log_line(server::LogLevel::Error, started ? "stopped" : "not started", e.what());
    return 1;
  }
  return 0;
}

}  // namespace

void add_serve(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("serve", "run the game server (docs/protocol.md)");
  auto args = std::make_shared<ServeArgs>();
  cmd->add_option("--port", args->port, "TCP port; 0 picks a free one (default 8080)")
      ->transform(whole_number_in(0, 65535));
  cmd->add_option("--address", args->address,
                  "address to listen on, numeric (127.0.0.1, ::1; 0.0.0.0 or :: for every "
                  "address of the machine) or localhost for 127.0.0.1; other names are not "
                  "resolved (default 127.0.0.1)")
      ->check(a_listen_address());
  cmd->add_option("--db", args->db, "the SQLite database of the tables (default whist.sqlite)")
      ->check(not_empty());
  cmd->add_option("--web", args->web,
                  "the web client's build folder (default: web/dist here or beside the build "
                  "folder, if it exists; empty: none)");
  cmd->add_option("--grace", args->grace,
                  "seconds a disconnected player's seat waits before a bot plays it (default 60)")
      ->transform(number_in(0.0, 86400.0));
  cmd->add_option("--hold-seat", args->hold_seat,
                  "seconds a seat is kept, before the game starts, for a player with no "
                  "connection; then it is free again (default 600; 0: until the game starts)")
      ->transform(number_in(0.0, 1e7));
  cmd->add_option("--expire", args->expire,
                  "seconds after which a table still waiting, with nobody seated or connected, "
                  "is deleted, and a game nobody is connected to leaves the lobby's list and "
                  "may leave memory until asked for (default 3600; 0: never)")
      ->transform(number_in(0.0, 1e9));
  cmd->add_option("--watch-pace", args->watch_pace,
                  "seconds between bot moves at a table only watched, with no player connected "
                  "(default 0.6; 0: at once); at a player's table bots move at once")
      ->transform(number_in(0.0, 60.0));
  cmd->add_option("--secret-pace", args->secret_pace,
                  "the most seconds a bot takes over a choice made in secret (Call-Ace's hidden "
                  "partner), at least a third of it, so that its speed does not give it away "
                  "(default 4.5; 0: at once)")
      ->transform(number_in(0.0, 60.0));
  cmd->add_option("--seed", args->seed,
                  "for tests: table ids and deals follow from it, so anyone who knows it knows "
                  "every hand; never on a server others play on (default 0: random)")
      ->transform(whole_number_u64());
  cmd->add_option("--api-rate", args->api_rate,
                  "API requests a second from one address, with a burst of 100; more are "
                  "answered 429 (default 20; 0: no limit, e.g. for `whist load`)")
      ->transform(number_in(0.0, 1e6));
  cmd->add_option("--ws-rate", args->ws_rate,
                  "messages a second on one WebSocket, with a burst of twice as many; past it "
                  "the connection is closed (default 20; 0: no limit, e.g. for `whist load` "
                  "without --think)")
      ->transform(number_in(0.0, 1e6));
  cmd->add_option("--max-connections", args->max_connections,
                  "connections open at once from one address (an IPv6 address's /64); more are "
                  "closed at once (default 256; 0: no limit, e.g. for `whist load`)")
      ->transform(whole_number_in(0, 1000000));
  cmd->add_option("--max-websockets", args->max_websockets,
                  "WebSockets among them; more are closed as they open, with the reason (default "
                  "128; 0: no limit)")
      ->transform(whole_number_in(0, 1000000));
  cmd->add_option("--max-total-connections", args->max_total,
                  "connections open at once from all addresses together; more are answered 503 "
                  "with Retry-After, WebSocket upgrades too (default 10000, or fewer if file "
                  "descriptors (ulimit -n) allow fewer, two a connection; more than they allow "
                  "is refused)")
      ->transform(whole_number_in(1, 1000000));
  cmd->add_option("--player-reserve", args->player_reserve,
                  "of those, the last places kept for players coming back to a game under way: "
                  "a connection there may only open a WebSocket whose first message is such a "
                  "player's hello (default: a twentieth; 0: none)")
      ->transform(whole_number_in(0, 1000000));
  cmd->add_option("--max-spectators", args->max_spectators,
                  "spectators one table takes, each sent every state; more are refused with the "
                  "reason, never the table's players (default 200; 0: no limit)")
      ->transform(whole_number_in(0, 1000000));
  cmd->add_option("--create-rate", args->create_rate,
                  "guests, and tables, one address may create an hour, after a burst of "
                  "--create-burst; more are answered 429 (default 60; 0: no limit, e.g. for "
                  "`whist load`)")
      ->transform(number_in(0.0, 1e9));
  // A club behind one address meets the burst first: each member's browser makes its guest the
  // first time, all in the same evening (regression, from an audit: fixed at 20, 100 newcomers
  // waited minutes through 429s whatever the rate).
  cmd->add_option("--create-burst", args->create_burst,
                  "guests, and tables, one address may create at once, before --create-rate "
                  "counts (default 20; a club behind one address: its newcomers of an evening)")
      ->transform(whole_number_in(1, 1000000));
  cmd->add_option("--seat-rate", args->seat_rate,
                  "seats one guest may take or give up a minute, after a burst of 10, each an "
                  "event stored for good; more are answered 429 (default 3; 0: no limit)")
      ->transform(number_in(0.0, 1e9));
  cmd->add_option("--guest-expiry-days", args->guest_expiry_days,
                  "days after which a guest not seen (made, its token in a request or hello "
                  "at a table that exists or in a new table's request, or moving) is deleted, "
                  "unless seated at a game not finished; its token then serves no more; "
                  "counted back from the newest sighting stored when the clock is later, and "
                  "a step set on the wall clock left out, as docs/protocol.md says (default 0: "
                  "never)")
      ->transform(whole_number_in(0, 36500));
  cmd->add_option("--max-bot-level", args->max_bot_level,
                  "the strongest level of ismcts and expert that new tables may seat: easy, "
                  "normal, hard or max (default max; expert:max can think for seconds a move on "
                  "the bot threads every table shares)")
      ->check(CLI::IsMember({"easy", "normal", "hard", "max"}));
  cmd->add_option("--allow-origin", args->allow_origins,
                  "an origin (scheme://host[:port]) besides the server's own whose pages may use "
                  "its API and WebSockets: for a proxy that rewrites the Host, or WebSockets "
                  "from a page served elsewhere (no CORS is sent: such a page cannot read the "
                  "API's answers); repeatable. A "
                  "request or WebSocket carrying another Origin is refused (403); the server's "
                  "own is the host and port the request names (Host), and scripts and bots, "
                  "which send no Origin, are not checked")
      ->check(an_origin())
      ->allow_extra_args(false);
  cmd->add_option("--allow-host", args->allow_hosts,
                  "a host name besides localhost, *.localhost, 127.x.x.x and [::1] that a server "
                  "on a loopback address answers to (a proxy's in front of it that keeps the "
                  "name); repeatable. Requests naming another Host are refused (421), as a page "
                  "on another name got there by DNS rebinding")
      ->check(a_host_name())
      ->allow_extra_args(false);
  cmd->add_option("--trusted-proxy", args->trusted_proxies,
                  "a reverse proxy in front of the server, by address or network (127.0.0.1, "
                  "10.0.0.0/8, ::1); repeatable. Its requests are counted, for every limit by "
                  "address, as the client's its X-Forwarded-For names (the right-most address "
                  "there not of a trusted proxy; a malformed one is answered 400), its "
                  "connections are not limited by address, and a WebSocket through it counts as "
                  "its client's. Anyone else's X-Forwarded-For is ignored (docs/deploy.md)")
      ->check(a_network())
      ->allow_extra_args(false);
  cmd->add_flag("--check", args->check,
                "only check the database (--db): replay every table, name each damaged one and "
                "why, and count them all; exit status 1 if any is damaged. It only reads, so a "
                "server may be running on it");
  cmd->callback([args, &status] { status = run_serve(*args); });
}

}  // namespace whist::cli
