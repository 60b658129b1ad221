// `whist serve` as a real process: the listening line, HTTP on the port it names, a clean stop
// on SIGTERM, refusals of bad arguments and of a database another server has open, a start on a
// database with a damaged table or a damaged page, the check of a database (--check), a start on a
// full file system, and the load tool.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "damaged_page.h"
#include "server_client.h"

namespace whist::server_testing {

namespace {

// What a shell command printed (its stdout) and its wait status.
struct ShellRun {
  int status = -1;
  std::string out;
};

ShellRun run_shell(const std::string& command) {
  ShellRun r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) r.out.append(buf, n);
  r.status = pclose(pipe);
  return r;
}

// `whist serve ARGS...` with its stdout on a pipe (stderr goes to the test's, or to the file
// `errors` names).
class ServeProcess {
 public:
  explicit ServeProcess(std::vector<std::string> args, const std::string& errors = {}) {
    args.insert(args.begin(), {WHIST_BINARY, "serve"});
    int out[2];
    if (pipe(out) != 0) std::abort();
    pid_ = fork();
    if (pid_ == 0) {
      if (!errors.empty()) {
        const int fd = open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0) _exit(126);
        dup2(fd, STDERR_FILENO);
        close(fd);
      }
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = out[0];
  }
  ~ServeProcess() {
    if (pid_ > 0 && !reaped_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  // The first line of stdout, waiting at most `timeout`; empty if none came.
  std::string first_line(std::chrono::milliseconds timeout) {
    bool timed_out = false;
    const std::string text = read_out(timeout, true, timed_out);
    return timed_out ? "" : text.substr(0, text.find('\n'));
  }

  // All of stdout until it closes, waiting at most `timeout` in all.
  std::string output(std::chrono::milliseconds timeout) {
    bool timed_out = false;
    return read_out(timeout, false, timed_out);
  }

  // The exit status after `signal` (0: none sent), or -1 if it does not end within 10 s.
  int stop(int signal) {
    if (signal != 0) kill(pid_, signal);
    for (int i = 0; i < 1000; ++i) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return -1;
  }

 private:
  // Stdout until it closes (or, with `line`, holds a whole line), or `timeout` passes.
  std::string read_out(std::chrono::milliseconds timeout, bool line, bool& timed_out) {
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!line || text.find('\n') == std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd p{out_, POLLIN, 0};
      if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) {
        timed_out = true;
        break;
      }
      char c[256];
      const ssize_t n = read(out_, c, sizeof c);
      if (n <= 0) break;
      text.append(c, static_cast<size_t>(n));
    }
    return text;
  }

  pid_t pid_ = -1;
  int out_ = -1;
  bool reaped_ = false;
};

TEST(ServeCommand, PrintsTheListeningLineAnswersHttpAndStopsOnSigterm) {
  TempDir web;
  web.write("index.html", "hello from whist");
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", web.path().string()});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  std::smatch m;
  ASSERT_TRUE(std::regex_match(line, m, std::regex(R"(listening on http://127\.0\.0\.1:(\d+))")))
      << line;
  const auto port = static_cast<uint16_t>(std::stoi(m[1]));
  const Response index = fetch(port, http::verb::get, "/");
  EXPECT_EQ(index.result_int(), 200);
  EXPECT_EQ(index.body(), "hello from whist");
  EXPECT_EQ(index["X-Frame-Options"], "DENY");
  EXPECT_GE(fetch(port, http::verb::get, "/api/tables").result_int(), 200);
  WsClient client(port);  // open at the stop: closed with a reason, and the exit is still clean
  std::thread reader([&] { client.drain(); });
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  reader.join();
  EXPECT_EQ(client.reason().reason, "server shutting down");
}

TEST(ServeCommand, StopsOnSigint) {
  // Any number of days from 0 (never) to a century.
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", "", "--guest-expiry-days", "0"});
  ASSERT_TRUE(serve.first_line(std::chrono::seconds(20)).starts_with("listening on "));
  EXPECT_EQ(serve.stop(SIGINT), 0);
  ServeProcess century(
      {"--port", "0", "--db", ":memory:", "--web", "", "--guest-expiry-days", "36500"});
  ASSERT_TRUE(century.first_line(std::chrono::seconds(20)).starts_with("listening on "));
  EXPECT_EQ(century.stop(SIGINT), 0);
}

// Retiring guests deletes identities, so the help says it is off unless an expiry is given, and
// what a sighting is.
TEST(ServeCommand, HelpSaysGuestsAreNeverRetiredByDefault) {
  const ShellRun r = run_shell(std::string(WHIST_BINARY) + " serve --help");
  ASSERT_EQ(r.status, 0);
  const size_t at = r.out.find("--guest-expiry-days");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::string text;  // the option's help, its lines joined
  for (size_t k = at; k < r.out.size() && r.out.compare(k, 4, "\n  -") != 0; ++k) {
    if (std::isspace(static_cast<unsigned char>(r.out[k])) == 0) {
      text += r.out[k];
    } else if (!text.empty() && text.back() != ' ') {
      text += ' ';
    }
  }
  EXPECT_NE(text.find("(default 0: never)"), std::string::npos) << text;
  EXPECT_NE(text.find("or moving"), std::string::npos) << text;
}

TEST(ServeCommand, RefusesBadArguments) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--port", "70000"},
        {"--port", "x"},
        {"--grace", "-1"},
        {"--hold-seat", "-1"},
        {"--expire", "soon"},
        {"--watch-pace", "-0.5"},
        // CLI::Range let "nan" through: the server started, its grace a meaningless number.
        {"--grace", "nan", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--api-rate", "nan", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--seed", "-1", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--max-bot-level", "grandmaster"},
        {"--guest-expiry-days", "-1", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--guest-expiry-days", "1.5", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--guest-expiry-days", "36501", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--create-burst", "0", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--create-burst", "-1", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--create-burst", "2.5", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--create-burst", "many", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--max-total-connections", "0"},
        {"--max-spectators", "-1", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--max-spectators", "2.5", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--max-spectators", "many", "--port", "0", "--db", ":memory:", "--web", ""},
        {"--player-reserve", "10", "--max-total-connections", "10", "--port", "0", "--db",
         ":memory:", "--web", ""},
        {"--address", "not-an-address", "--port", "0", "--db", ":memory:"},
        {"--web", "/nonexistent/whist/web", "--port", "0", "--db", ":memory:"}}) {
    ServeProcess serve(args);
    EXPECT_EQ(serve.first_line(std::chrono::seconds(20)), "") << args[0];
    const int status = serve.stop(0);
    EXPECT_NE(status, 0) << args[0];
    EXPECT_NE(status, -1) << args[0];
  }
}

// --max-spectators reaches the tables: with 1, a second spectator is refused with the reason.
TEST(ServeCommand, TakesAsManySpectatorsATableAsItIsTold) {
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", "", "--max-spectators", "1"});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const auto port = static_cast<uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
  const std::string token = nlohmann::json::parse(
      fetch(port, http::verb::post, "/api/guests", R"({"name":"Ana"})").body())["token"];
  const std::string table =
      nlohmann::json::parse(fetch(port, http::verb::post, "/api/tables",
                                  nlohmann::json{{"token", token},
                                                 {"variant", "romanian"},
                                                 {"seats", {"human", "random", "random", "random"}}}
                                      .dump())
                                .body())["id"];
  const std::string hello = nlohmann::json{{"type", "hello"}, {"table", table}}.dump();
  {  // gone before the stop, which would wait for them to answer its close
    WsClient first(port), second(port);
    first.send(hello);
    EXPECT_EQ(nlohmann::json::parse(first.receive().value_or("{}"))["role"], "spectator");
    second.send(hello);
    const auto refused = nlohmann::json::parse(second.receive().value_or("{}"));
    EXPECT_EQ(refused["code"], "spectators-full") << refused;
    EXPECT_EQ(refused["message"],
              "the table has the most spectators it takes (1); try again later");
  }
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

// --allow-origin and --allow-host reach the server: pages of the origins named may use it, others
// are refused (403), and a proxy's name is answered on the loopback (else 421). A value that is
// not an origin or a host name stops the server at the start, with the option's name.
TEST(ServeCommand, AllowsTheOriginsAndHostsItIsTold) {
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", "", "--allow-origin",
                      "http://localhost:5173", "--allow-origin", "https://cards.example/",
                      "--allow-host", "whist.example"});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const auto port = static_cast<uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
  const auto status = [&](const std::string& host, const std::string& origin) {
    asio::io_context io;
    Tcp::socket socket(io);
    socket.connect(local(port));
    http::request<http::string_body> req{http::verb::post, "/api/guests", 11};
    req.set(http::field::host, host);
    req.set(http::field::origin, origin);
    req.set(http::field::content_type, "application/json");
    req.body() = R"({"name":"Ana"})";
    req.prepare_payload();
    http::write(socket, req);
    beast::flat_buffer buffer;
    Response res;
    http::read(socket, buffer, res);
    return res.result_int();
  };
  const std::string own = "127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(status(own, "http://localhost:5173"), 201);
  EXPECT_EQ(status(own, "https://cards.example"), 201);
  EXPECT_EQ(status(own, "http://" + own), 201);
  EXPECT_EQ(status(own, "http://evil.example"), 403);
  EXPECT_EQ(status("whist.example", "https://whist.example"), 201);
  EXPECT_EQ(status("evil.example", "https://evil.example"), 421);
  EXPECT_EQ(serve.stop(SIGTERM), 0);

  TempDir dir;
  const std::string errors = (dir.path() / "errors.txt").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--allow-origin", "cards.example"},
        {"--allow-origin", "https://cards.example/play"},
        {"--allow-host", "whist.example:443"},
        {"--allow-host", ""}}) {
    std::vector<std::string> all = {"--port", "0", "--db", ":memory:", "--web", ""};
    all.insert(all.end(), args.begin(), args.end());
    ServeProcess refused(all, errors);
    EXPECT_EQ(refused.first_line(std::chrono::seconds(20)), "") << args[1];
    EXPECT_EQ(refused.stop(0), 2) << args[1];
    std::ifstream in(errors);
    const std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(said.find(args[0]), std::string::npos) << said;
    EXPECT_NE(said.find(args[0] == "--allow-origin" ? "is not an origin" : "is not a host name"),
              std::string::npos)
        << said;
  }
  const ShellRun help = run_shell(std::string(WHIST_BINARY) + " serve --help");
  EXPECT_NE(help.out.find("--allow-origin"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--allow-host"), std::string::npos) << help.out;
}

TEST(ServeCommand, RefusesAPortInUse) {
  ServeProcess first({"--port", "0", "--db", ":memory:", "--web", ""});
  const std::string line = first.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const std::string port = line.substr(line.rfind(':') + 1);
  ServeProcess second({"--port", port, "--db", ":memory:", "--web", ""});
  EXPECT_EQ(second.first_line(std::chrono::seconds(20)), "");
  EXPECT_EQ(second.stop(0), 1);
  EXPECT_EQ(first.stop(SIGTERM), 0);
}

// One server owns a database: a second one on the same file stops with the reason (it would
// interleave its writes with the first's).
TEST(ServeCommand, RefusesADatabaseAnotherServerHasOpen) {
  TempDir dir;
  const std::string db = (dir.path() / "whist.sqlite").string();
  ServeProcess first({"--port", "0", "--db", db, "--web", ""});
  ASSERT_TRUE(first.first_line(std::chrono::seconds(20)).starts_with("listening on "));
  ServeProcess second({"--port", "0", "--db", db, "--web", ""});
  EXPECT_EQ(second.first_line(std::chrono::seconds(20)), "");
  EXPECT_EQ(second.stop(0), 1);
  EXPECT_EQ(first.stop(SIGTERM), 0);
  ServeProcess again({"--port", "0", "--db", db, "--web", ""});  // free once the first stops
  EXPECT_TRUE(again.first_line(std::chrono::seconds(20)).starts_with("listening on "));
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The server's log (server/log.h) without the times: "LEVEL WHAT: DETAIL" for each line that
// starts with a time and a level, "unstamped: LINE" for any other; only those that start with
// `prefix` (after the time).
std::vector<std::string> log_lines(const std::string& log, const std::string& prefix = "") {
  static const std::regex kStamp(
      R"(^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z ((info|warn|error) .*)$)");
  std::vector<std::string> out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    const std::string entry = std::regex_match(line, m, kStamp) ? m[1].str() : "unstamped: " + line;
    if (entry.starts_with(prefix)) out.push_back(entry);
  }
  return out;
}

// Its warnings and errors: what an operator is to read.
std::vector<std::string> log_problems(const std::string& log) {
  std::vector<std::string> out;
  for (const std::string& line : log_lines(log)) {
    if (!line.starts_with("info ")) out.push_back(line);
  }
  return out;
}

// Regression: nothing limited the connections from all addresses together, which could take
// every file descriptor. Their limit fits the descriptors the server may have: more than they
// allow is refused, with the reason.
TEST(ServeCommand, RefusesMoreConnectionsThanFileDescriptorsAllow) {
  const std::string command = std::string("ulimit -n 512 && exec ") + WHIST_BINARY +
                              " serve --max-total-connections 1000 --port 0 --db :memory: "
                              "--web '' 2>&1";
  const auto [status, out] = run_shell(command);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << status;
  EXPECT_EQ(out,
            "whist serve: --max-total-connections 1000: 512 file descriptors (ulimit -n) allow "
            "at most 192 (two a connection and some to spare); ask for fewer or raise the "
            "limit\n");
}

// A full server says so in its log once every ten seconds, however many it refuses, and says how
// many it refused once there is room again.
TEST(ServeCommand, LogsThatItIsFullOnceAndHowManyItRefused) {
  TempDir dir;
  const std::string errors = (dir.path() / "errors.txt").string();
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", "", "--max-total-connections",
                      "1", "--player-reserve", "0"},
                     errors);
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const auto port = static_cast<uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
  auto in = std::make_unique<WsClient>(port);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(fetch(port, http::verb::get, "/api/tables").result_int(), 503) << i;
  }
  in.reset();
  unsigned status = 503;
  for (int attempt = 0; attempt < 100 && status == 503; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    status = fetch(port, http::verb::get, "/api/tables").result_int();
  }
  EXPECT_EQ(status, 200u);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  const auto log = log_problems(read_file(errors));
  ASSERT_EQ(log.size(), 2u) << read_file(errors);
  EXPECT_EQ(log[0],
            "warn connections: full: 1 of 1 open, the last 0 kept for players of games under "
            "way; newcomers are refused (503)");
  EXPECT_TRUE(std::regex_match(
      log[1], std::regex("warn connections: (9|[1-9][0-9]+) more refused before there was "
                         "room again")))
      << log[1];
}

// A request on a new connection with headers besides Host (127.0.0.1) and, with a body,
// Content-Type (application/json).
Response request_with(uint16_t port, http::verb verb, const std::string& target,
                      const std::vector<std::pair<std::string, std::string>>& headers,
                      const std::string& body = "") {
  return round_trip(port, api_request(verb, target, body, headers));
}

uint16_t listening_port(const std::string& line) {
  return static_cast<uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
}

// Regression (audit): the log was a bare "listening on" and unstamped error lines. Now: what it
// serves at the start (version, database and web folder as absolute paths, tables resumed,
// address), a new database said, refusals at most one line a kind per ten seconds with the
// count after, naming the client (the proxy's, behind --trusted-proxy), never a token; and a
// line at the stop. Every line stamped with the UTC time and a level.
TEST(ServeCommand, LogsItsStartItsRefusalsOnceAPeriodAndItsStop) {
  TempDir dir;
  const std::string db = (dir.path() / "new.sqlite").string();
  const std::string errors = (dir.path() / "errors.txt").string();
  ServeProcess serve({"--port", "0", "--db", db, "--web", "", "--trusted-proxy", "127.0.0.1",
                      "--max-websockets", "1"},
                     errors);
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on http://127.0.0.1:")) << line;
  const uint16_t port = listening_port(line);
  const std::vector<std::pair<std::string, std::string>> client = {
      {"X-Forwarded-For", "198.51.100.1, 203.0.113.7"}};
  std::vector<std::string> tokens;
  for (int i = 0; i < 22; ++i) {
    const Response r =
        request_with(port, http::verb::post, "/api/guests", client, R"({"name":"Ana"})");
    if (i < 20) {
      ASSERT_EQ(r.result_int(), 201) << i;
      tokens.push_back(nlohmann::json::parse(r.body())["token"]);
    } else {
      EXPECT_EQ(r.result_int(), 429) << i;
    }
  }
  auto evil = client;
  evil.emplace_back("Origin", "http://evil.example");
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(request_with(port, http::verb::get, "/api/tables", evil).result_int(), 403);
  }
  {
    asio::io_context io;
    std::vector<std::unique_ptr<websocket::stream<Tcp::socket>>> sockets;
    for (int i = 0; i < 2; ++i) {
      sockets.push_back(std::make_unique<websocket::stream<Tcp::socket>>(io));
      sockets.back()->next_layer().connect(local(port));
      sockets.back()->set_option(websocket::stream_base::decorator(
          [](websocket::request_type& req) { req.set("X-Forwarded-For", "203.0.113.7"); }));
      sockets.back()->handshake("127.0.0.1", "/ws");
    }
    beast::flat_buffer buffer;
    beast::error_code ec;
    sockets.back()->read(buffer, ec);
    EXPECT_EQ(ec, websocket::error::closed) << "the second is closed";
  }
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  const std::string text = read_file(errors);
  for (const std::string& token : tokens) {
    EXPECT_EQ(text.find(token), std::string::npos) << "no token in the log";
  }
  const auto lines = log_lines(text);
  ASSERT_GE(lines.size(), 3u) << text;
  EXPECT_EQ(lines[0], "info database " + db + ": there was none: created a new database at " + db);
  EXPECT_TRUE(std::regex_match(
      lines[1],
      std::regex("info started: whist [0-9]+\\.[0-9]+\\.[0-9]+ on http://127\\.0\\.0\\.1:" +
                 std::to_string(port) + "; database " + db +
                 "; web folder none: / answers 404; 0 tables resumed; trusted proxies "
                 "127\\.0\\.0\\.1")))
      << lines[1];
  EXPECT_TRUE(std::regex_match(
      lines.back(),
      std::regex("info stopped: SIGTERM; closed [0-9]+ connections? \\([0-9]+ WebSockets?\\) in "
                 "[0-9]+\\.[0-9]{2} s")))
      << lines.back();
  const auto problems = log_problems(text);
  ASSERT_EQ(problems.size(), 5u) << text;
  const auto has = [&](const std::string& pattern) {
    return std::any_of(problems.begin(), problems.end(), [&](const std::string& problem) {
      return std::regex_match(problem, std::regex(pattern));
    });
  };
  EXPECT_TRUE(
      has("warn rate limit: 429 to 203\\.0\\.113\\.7 for POST /api/guests: too many guests "
          "created from this address: at most 20 at once, then 60 an hour"))
      << text;
  EXPECT_TRUE(has("warn rate limit: 1 more in the [0-9]+ s since the last line")) << text;
  EXPECT_TRUE(has("warn where from: 403 origin to 203\\.0\\.113\\.7: .*evil\\.example.*")) << text;
  EXPECT_TRUE(has("warn where from: 4 more in the [0-9]+ s since the last line")) << text;
  EXPECT_TRUE(
      has("warn client limit: closed a WebSocket from 203\\.0\\.113\\.7 as it opened: too "
          "many connections: more than 1 WebSockets open from this address"))
      << text;
}

// Regression (audit): SIGHUP (a terminal closed, a habit of reloading) killed the server: status
// 129, nothing logged, its players' WebSockets cut (1006). It stops as on SIGTERM.
TEST(ServeCommand, StopsCleanlyOnSighup) {
  TempDir dir;
  const std::string errors = (dir.path() / "errors.txt").string();
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", ""}, errors);
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  WsClient client(listening_port(line));
  std::thread reader([&] { client.drain(); });
  EXPECT_EQ(serve.stop(SIGHUP), 0);
  reader.join();
  EXPECT_EQ(client.reason().reason, "server shutting down");
  const auto lines = log_lines(read_file(errors));
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(std::regex_match(
      lines.back(),
      std::regex("info stopped: SIGHUP; closed 1 connection \\(1 WebSocket\\) in [0-9.]+ s")))
      << lines.back();

  // Started with SIGHUP ignored (nohup), it keeps ignoring it: outliving the terminal was asked.
  const std::string folder = dir.path().string();
  const ShellRun nohup = run_shell(
      "cd '" + folder + "' && { ( trap '' HUP; exec " + WHIST_BINARY +
      " serve --port 0 --db :memory: --web '' >out.txt 2>/dev/null ) & pid=$!; " +
      "for i in $(seq 400); do grep -q listening out.txt && break; sleep 0.05; done; " +
      "kill -HUP $pid; sleep 0.3; kill -0 $pid && echo alive; kill -TERM $pid; wait $pid; " +
      "echo $?; }");
  EXPECT_EQ(nohup.out, "alive\n0\n");
}

// Regression (audit): --address localhost was refused ("Invalid argument"). It is 127.0.0.1;
// other names are refused at the start with the option's name and what it takes.
TEST(ServeCommand, ListensOnLocalhostAndRefusesOtherNames) {
  ServeProcess serve({"--address", "localhost", "--port", "0", "--db", ":memory:", "--web", ""});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(std::regex_match(line, std::regex(R"(listening on http://127\.0\.0\.1:\d+)")))
      << line;
  EXPECT_EQ(fetch(listening_port(line), http::verb::get, "/api/tables").result_int(), 200);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  const ShellRun named = run_shell(std::string(WHIST_BINARY) +
                                   " serve --address example.invalid --port 0 --db :memory: 2>&1");
  EXPECT_TRUE(WIFEXITED(named.status) && WEXITSTATUS(named.status) == 2) << named.status;
  EXPECT_TRUE(named.out.starts_with(
      "whist serve: --address: 'example.invalid' is not an IP address (numeric, such as "
      "127.0.0.1, ::1, 0.0.0.0 or ::) nor localhost; other names are not resolved\n"))
      << named.out;
}

// --trusted-proxy takes addresses and networks, numeric; a typo stops the server at the start,
// with the option's name and the network meant.
TEST(ServeCommand, RefusesATrustedProxyThatIsNotAnAddressOrNetwork) {
  for (const auto& [value, why] : std::vector<std::pair<std::string, std::string>>{
           {"10.1.0.0/8", "it has bits set past the prefix /8: its network is 10.0.0.0/8"},
           {"proxy.example", "not an IP address or network"},
           {"10.0.0.0/40", "the prefix after / must be a number from 0 to 32"}}) {
    const ShellRun r = run_shell(std::string(WHIST_BINARY) + " serve --trusted-proxy " + value +
                                 " --port 0 --db :memory: 2>&1");
    EXPECT_TRUE(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 2) << value;
    EXPECT_TRUE(r.out.starts_with("whist serve: --trusted-proxy: '" + value +
                                  "' is not an address or network: " + why))
        << r.out;
  }
}

// Regression (audit): a copied binary, or one started elsewhere, found no web client and served
// 404 at / without a word. It says so, and where it looked.
TEST(ServeCommand, WarnsWhenItFindsNoWebClient) {
  TempDir dir;
  const auto copy = dir.path() / "opt" / "bin" / "whist";
  std::filesystem::create_directories(copy.parent_path());
  std::filesystem::copy_file(WHIST_BINARY, copy);
  std::filesystem::permissions(copy, std::filesystem::perms::owner_all);
  const std::string folder = dir.path().string();
  const ShellRun r = run_shell(
      "cd '" + folder + "' && { opt/bin/whist serve --port 0 --db :memory: >out.txt 2>err.txt & " +
      "pid=$!; for i in $(seq 400); do grep -q listening out.txt && break; sleep 0.05; done; " +
      "kill -TERM $pid; wait $pid; echo $?; }");
  EXPECT_EQ(r.out, "0\n");
  const auto lines = log_lines(read_file(folder + "/err.txt"));
  ASSERT_GE(lines.size(), 2u) << read_file(folder + "/err.txt");
  EXPECT_EQ(lines[0], "warn web folder: no web client: neither " + folder + "/web/dist nor " +
                          folder +
                          "/opt/web/dist exists, so / answers 404 (the API and the "
                          "WebSockets work); build it (scripts/setup) or name its folder with "
                          "--web DIR (--web '' for none, and no warning)");
  EXPECT_NE(lines[1].find("; web folder none: / answers 404;"), std::string::npos) << lines[1];
}

// Tables made through a hub on the database `db`, the hub closed: the ids of a game under way
// (Ana and three random bots, her hello made), one of three random bots played to the end, and
// one waiting for its player.
struct StoredTables {
  std::string playing, finished, waiting;
};
StoredTables store_tables(const std::string& db) {
  RecordingOutlet out;
  server::HubConfig config;
  config.db_path = db;
  config.watch_pace_ms = 0;  // the bots' table, watched, plays at once
  server::Hub hub(config, out);
  const auto body = [&](const std::string& method, const std::string& target,
                        const nlohmann::json& j) {
    return nlohmann::json::parse(hub.http(method, target, j.dump(), 0).body);
  };
  const std::string token = body("POST", "/api/guests", {{"name", "Ana"}})["token"];
  const auto table = [&](const nlohmann::json& seats) -> std::string {
    return body("POST", "/api/tables",
                {{"token", token}, {"variant", "romanian"}, {"seats", seats}})["id"];
  };
  StoredTables ids;
  ids.playing = table({"human", "random", "random", "random"});
  body("POST", "/api/tables/" + ids.playing + "/join", {{"token", token}, {"seat", 0}});
  hub.open(1, 0);
  hub.message(1, nlohmann::json{{"type", "hello"}, {"table", ids.playing}, {"token", token}}.dump(),
              0);
  ids.finished = table({"random", "random", "random", "random"});
  hub.open(2, 0);
  hub.message(2, nlohmann::json{{"type", "hello"}, {"table", ids.finished}}.dump(), 0);
  for (int k = 0;
       k < 1000 && body("GET", "/api/tables/" + ids.finished, nullptr)["state"] != "finished";
       ++k) {
    hub.run_bots(0);
  }
  EXPECT_EQ(body("GET", "/api/tables/" + ids.finished, nullptr)["state"], "finished");
  ids.waiting = table({"human", "random", "random", "random"});
  return ids;
}

// The guests' expiry is a whole number of days: anything else is refused, and the error says what
// the option takes.
TEST(ServeCommand, RefusesAGuestExpiryThatIsNotAWholeNumberOfDays) {
  TempDir dir;
  const std::string errors = (dir.path() / "stderr.txt").string();
  ServeProcess serve({"--guest-expiry-days", "1.5", "--port", "0", "--db", ":memory:"}, errors);
  EXPECT_EQ(serve.first_line(std::chrono::seconds(20)), "");
  EXPECT_EQ(serve.stop(0), 2);
  EXPECT_TRUE(read_file(errors).starts_with(
      "whist serve: --guest-expiry-days: '1.5' is not a whole number from 0 to 36500\n"))
      << read_file(errors);
}

// Regression (audit): the burst of guests and tables one address may create was fixed at 20, so
// a club behind one address waited through 429s whatever --create-rate said. --create-burst sets
// it; anything but a whole number from 1 is refused, and the error says what the option takes.
TEST(ServeCommand, CreatesTheBurstItIsToldThenRefuses) {
  ServeProcess serve({"--port", "0", "--db", ":memory:", "--web", "", "--create-burst", "3",
                      "--create-rate", "1"});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const auto port = static_cast<uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(fetch(port, http::verb::post, "/api/guests", R"({"name":"Ana"})").result_int(), 201)
        << k;
  }
  const auto refused = fetch(port, http::verb::post, "/api/guests", R"({"name":"Ana"})");
  EXPECT_EQ(refused.result_int(), 429);
  EXPECT_EQ(nlohmann::json::parse(refused.body())["error"]["message"],
            "too many guests created from this address: at most 3 at once, then 1 an hour");
  EXPECT_EQ(serve.stop(SIGTERM), 0);

  TempDir dir;
  const std::string errors = (dir.path() / "stderr.txt").string();
  ServeProcess zero({"--create-burst", "0", "--port", "0", "--db", ":memory:"}, errors);
  EXPECT_EQ(zero.first_line(std::chrono::seconds(20)), "");
  EXPECT_EQ(zero.stop(0), 2);
  EXPECT_TRUE(read_file(errors).starts_with(
      "whist serve: --create-burst: '0' is not a whole number from 1 to 1000000\n"))
      << read_file(errors);
}

// A database holding a table that cannot be replayed (an event row deleted): the server starts
// all the same, says on stderr which table and why, and answers for it that it is damaged.
TEST(ServeCommand, StartsOnADatabaseWithADamagedTableAndNamesIt) {
  TempDir dir;
  const std::string db = (dir.path() / "whist.sqlite").string();
  const std::string id = store_tables(db).playing;
  {
    SQLite::Database d(db, SQLite::OPEN_READWRITE);
    ASSERT_EQ(d.exec("DELETE FROM events WHERE seq = 1 AND table_id = '" + id + "'"), 1);
  }
  const std::string errors = (dir.path() / "stderr.txt").string();
  ServeProcess serve({"--port", "0", "--db", db, "--web", ""}, errors);
  const std::string line = serve.first_line(std::chrono::seconds(20));
  std::smatch m;
  ASSERT_TRUE(std::regex_match(line, m, std::regex(R"(listening on http://127\.0\.0\.1:(\d+))")))
      << line;
  const auto port = static_cast<uint16_t>(std::stoi(m[1]));
  const Response r = fetch(port, http::verb::get, "/api/tables/" + id);
  EXPECT_EQ(r.result_int(), 500);
  EXPECT_EQ(nlohmann::json::parse(r.body())["error"]["code"], "damaged") << r.body();
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  EXPECT_EQ(
      log_problems(read_file(errors)),
      std::vector<std::string>{"warn damaged table: database: table " + id + " misses event 1"});
}

// --check replays every table, finished and waiting ones too, names each damaged one and counts
// them all; it only reads, so it runs beside a server on the same file and changes nothing.
TEST(ServeCommand, ChecksADatabaseAndNamesItsDamagedTables) {
  TempDir dir;
  const std::string db = (dir.path() / "whist.sqlite").string();
  const std::string errors = (dir.path() / "stderr.txt").string();
  const StoredTables ids = store_tables(db);
  const auto check = [&](const std::string& path, int status) {
    ServeProcess run({"--check", "--db", path}, errors);
    const std::string out = run.output(std::chrono::seconds(60));
    EXPECT_EQ(run.stop(0), status) << out;
    return out;
  };
  EXPECT_EQ(check(db, 0), "3 tables: 1 waiting, 1 under way, 1 finished, 0 damaged\n");
  EXPECT_EQ(read_file(errors), "");
  {
    SQLite::Database d(db, SQLite::OPEN_READWRITE);
    // Event 1, her join: the game may have no more than her hello after it (her turn first).
    ASSERT_EQ(d.exec("DELETE FROM events WHERE seq = 1 AND table_id = '" + ids.playing + "'"), 1);
    // The finished game's last card changed for another: one its player does not hold then.
    ASSERT_EQ(d.exec("UPDATE events SET body = json_set(body, '$.a', 0) WHERE table_id = '" +
                     ids.finished + "' AND seq = (SELECT max(seq) FROM events WHERE table_id = '" +
                     ids.finished + "' AND json_extract(body, '$.k') = 'act')"),
              1);
  }
  const auto before = read_file(db);
  const std::string damaged = check(db, 1);
  const std::string playing_line =
      "damaged table: database: table " + ids.playing + " misses event 1\n";
  const std::string finished_line = "damaged table: database: table " + ids.finished + ", event ";
  ASSERT_TRUE(damaged.starts_with(playing_line + finished_line)) << damaged;
  EXPECT_TRUE(damaged.ends_with("\n3 tables: 1 waiting, 0 under way, 0 finished, 2 damaged\n"))
      << damaged;
  EXPECT_EQ(std::count(damaged.begin(), damaged.end(), '\n'), 3) << damaged;
  EXPECT_EQ(read_file(db), before) << "a check writes nothing";
  EXPECT_EQ(read_file(errors), "");

  // Beside a server on the same file, which has written its own events since.
  const std::string serve_errors = (dir.path() / "serve-stderr.txt").string();
  ServeProcess serve({"--port", "0", "--db", db, "--web", ""}, serve_errors);
  ASSERT_TRUE(serve.first_line(std::chrono::seconds(20)).starts_with("listening on "));
  EXPECT_EQ(check(db, 1), damaged);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  EXPECT_EQ(log_problems(read_file(serve_errors)),
            std::vector<std::string>{"warn " + playing_line.substr(0, playing_line.size() - 1)})
      << "the server's log agrees";

  // A copy it may not write beside (regression, audit: "unable to open database file"; here a
  // name with no room for "-shm", which fails as root too): read as a snapshot, and said so.
  const std::string copy = (dir.path() / (std::string(248, 'c') + ".sqlite")).string();
  std::filesystem::copy_file(db, copy);
  EXPECT_EQ(check(copy, 1), "note: read " + copy +
                                " as an immutable snapshot: it could not be opened as a reader "
                                "beside a server (unable to open database file: its folder or "
                                "its -shm file cannot be written), so a server writing to it "
                                "meanwhile is not seen\n" +
                                damaged);
  EXPECT_EQ(read_file(errors), "");
  std::filesystem::remove(copy);

  // What it cannot check: status 2 and the reason.
  const std::string none = (dir.path() / "none.sqlite").string();
  EXPECT_EQ(check(none, 2), "");
  EXPECT_EQ(read_file(errors), "whist serve: database " + none + ": no such file\n");
  EXPECT_FALSE(std::filesystem::exists(none)) << "a check creates no database";
  EXPECT_EQ(check(dir.path().string(), 2), "");
  EXPECT_EQ(read_file(errors),
            "whist serve: database " + dir.path().string() + ": it is a directory\n");
  const std::string other = (dir.path() / "other.sqlite").string();
  SQLite::Database(other, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE).exec("CREATE TABLE t (x)");
  EXPECT_EQ(check(other, 2), "");
  EXPECT_EQ(read_file(errors), "whist serve: database " + other +
                                   ": not a whist database (its table t is none of whist's); "
                                   "nothing was written to it\n");
  const std::string empty = (dir.path() / "empty.sqlite").string();
  std::ofstream(empty).close();
  EXPECT_EQ(check(empty, 2), "");
  EXPECT_EQ(read_file(errors),
            "whist serve: database " + empty + ": not a whist database (it holds no tables)\n");
}

// Regression (audit): a damaged page of the file (a damaged disk) under a game under way's events
// kept the server from starting ("not started: database ...: database disk image is malformed",
// no table named); one under a finished game's answered its record 503 `storage`; a check stopped
// at the first table on one (status 2, no table named). The server starts and answers 500
// `damaged` for each table on such a page, logging it once by name; a check names every one.
TEST(ServeCommand, ADamagedPageOfTheFileDamagesTheTablesOnItAndTheServerStarts) {
  if (!test_pages::dbstat_available()) GTEST_SKIP() << "this SQLite has no dbstat table";
  TempDir dir;
  const std::string db = (dir.path() / "whist.sqlite").string();
  const StoredTables ids = store_tables(db);
  const std::vector<std::string> all = {ids.playing, ids.finished, ids.waiting};
  // A page of the finished game's alone, then one of the game under way's (the waiting table's
  // rows may share it: their ids are random).
  ASSERT_NE(test_pages::damage_page(db, "events",
                                    [&](SQLite::Database& d) {
                                      return test_pages::unreadable(d, all) ==
                                             std::set<std::string>{ids.finished};
                                    }),
            0);
  std::set<std::string> lost;
  ASSERT_NE(test_pages::damage_page(db, "events",
                                    [&](SQLite::Database& d) {
                                      lost = test_pages::unreadable(d, all);
                                      return lost.count(ids.playing) != 0;
                                    }),
            0);
  const bool waiting_lost = lost.count(ids.waiting) != 0;
  const auto line = [](const std::string& id) {
    return "damaged table: database: table " + id +
           ": database disk image is malformed: a page of the file holding its rows is damaged";
  };
  const std::string errors = (dir.path() / "stderr.txt").string();
  {
    ServeProcess check({"--check", "--db", db}, errors);
    EXPECT_EQ(check.output(std::chrono::seconds(60)),
              line(ids.playing) + "\n" + line(ids.finished) + "\n" +
                  (waiting_lost ? line(ids.waiting) + "\n" : "") +
                  (waiting_lost ? "3 tables: 0 waiting, 0 under way, 0 finished, 3 damaged\n"
                                : "3 tables: 1 waiting, 0 under way, 0 finished, 2 damaged\n"));
    EXPECT_EQ(check.stop(0), 1);
    EXPECT_EQ(read_file(errors), "");
  }
  ServeProcess serve({"--port", "0", "--db", db, "--web", ""}, errors);
  const std::string listening = serve.first_line(std::chrono::seconds(20));
  std::smatch m;
  ASSERT_TRUE(
      std::regex_match(listening, m, std::regex(R"(listening on http://127\.0\.0\.1:(\d+))")))
      << listening << read_file(errors);
  const auto port = static_cast<uint16_t>(std::stoi(m[1]));
  for (const std::string& target :
       {"/api/tables/" + ids.playing, "/api/tables/" + ids.finished + "/record",
        "/api/tables/" + ids.finished}) {
    const Response r = fetch(port, http::verb::get, target);
    EXPECT_EQ(r.result_int(), 500) << target;
    EXPECT_EQ(nlohmann::json::parse(r.body())["error"]["code"], "damaged") << r.body();
  }
  EXPECT_EQ(fetch(port, http::verb::get, "/api/tables/" + ids.waiting).result_int(),
            waiting_lost ? 500 : 200);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  // The tables under way at the start, in the order the server read them; the finished one as
  // it was asked for.
  std::vector<std::string> logged = {"warn " + line(ids.playing)};
  if (waiting_lost) logged.push_back("warn " + line(ids.waiting));
  logged.push_back("warn " + line(ids.finished));
  EXPECT_EQ(log_problems(read_file(errors)), logged);
}

// Regression (audit): on a full file system, where SQLite cannot make its -shm file, the server
// said "not started: database ...: disk I/O error", which reads as failing hardware. It says the
// file system is full, and which (SQLite's words after). Run where a file system can be made
// (root, in a mount namespace of its own, which takes the mount with it as it ends).
TEST(ServeCommand, AStartOnAFullFileSystemSaysSo) {
  TempDir dir;
  const std::string made = (dir.path() / "made.sqlite").string();
  store_tables(made);
  const std::string full = (dir.path() / "full").string();
  std::filesystem::create_directory(full);
  const std::string db = full + "/whist.sqlite";
  const std::string mount = "unshare -m sh -c 'mount -t tmpfs -o size=512k tmpfs " + full;
  if (const ShellRun can = run_shell(mount + "' 2>&1"); can.status != 0) {
    GTEST_SKIP() << "no file system can be made here (not root?): " << can.out;
  }
  const ShellRun r =
      run_shell(mount + " && cp " + made + " " + db + " && (dd if=/dev/zero of=" + full +
                "/filler bs=4096 >/dev/null 2>&1; true) && exec timeout 20 " + WHIST_BINARY +
                " serve --port 0 --web \"\" --db " + db + "' 2>&1");
  EXPECT_TRUE(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 1) << r.status << r.out;
  EXPECT_EQ(log_problems(r.out),
            std::vector<std::string>{"error not started: database " + db +
                                     ": no space left on the file system holding " + full +
                                     " (disk I/O error)"});
}

// `whist load` (docs/performance.md) against a real server: a few tables, a table of a player
// and bots, a table of bots watched, a short run, its figures as JSON, and no errors. The
// clients pause, or they would pass the server's rate limit of 20 messages a second: the player
// among bots that answer at once could move as often as it likes.
TEST(ServeCommand, TheLoadToolPlaysTablesAndReportsItsFigures) {
  TempDir dir;
  ServeProcess serve({"--port", "0", "--db", (dir.path() / "load.sqlite").string(), "--web", "",
                      "--api-rate", "0"});
  const std::string line = serve.first_line(std::chrono::seconds(20));
  ASSERT_TRUE(line.starts_with("listening on ")) << line;
  const std::string port = line.substr(line.rfind(':') + 1);
  const std::string command = std::string(WHIST_BINARY) + " load --port " + port +
                              " --tables 3 --bot-tables 1 --watched 1 --bot heuristic"
                              " --seconds 1.5 --warmup 0.2 --think 100 --json";
  const auto [status, out] = run_shell(command);
  EXPECT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << out;
  EXPECT_EQ(j["clients"], 14);
  EXPECT_GT(j["bot_moves"].get<int>(), 10);  // three a deal for each of the player's moves
  EXPECT_GT(j["bot_move_ms"]["p50"].get<double>(), 0);
  EXPECT_EQ(j["bot"], "heuristic");
  EXPECT_EQ(j["think_ms"], 100.0);
  EXPECT_GT(j["actions"].get<int>(), 20);
  EXPECT_EQ(j["errors"], 0);
  EXPECT_EQ(j["connections_failed_or_closed"], 0);
  EXPECT_GT(j["latency_ms"]["p99"].get<double>(), 0);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace

}  // namespace whist::server_testing
