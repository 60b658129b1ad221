// libFuzzer target: hostile input to the game server's logic. Each input is a list of lines for a
// fresh Hub (in-memory database) with a guest seated at a table and connected: a line starting
// with "H " is an HTTP request ("H POST /api/tables {...}"), "T N" moves the clock on N seconds
// (at most two hours: grace periods, held seats, abandoned tables), any other line a WebSocket
// message. In every line "$token" stands for the guest's token, "$table" for the table's id,
// "$other" for a second table's, left waiting with nobody at it, and "$new" for the table the
// last HTTP request created (any game, any options, any seats; empty before one). At the end the
// connection closes and a day passes, twice.
// Whatever comes in, the hub must not crash, must answer HTTP with JSON, and must send only
// JSON objects with a type.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "server/hub.h"

namespace {

using Json = nlohmann::json;
using whist::server::ConnId;

struct CheckingOutlet : whist::server::Outlet {
  void send(ConnId, std::string text) override {
    const Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("type")) std::abort();
  }
  void close(ConnId, std::string) override {}
  // The hub wrote every table it reads back: none may be damaged (a warning), and nothing may
  // fail (an error). What it does is told as information (a table deleted once left waiting).
  void log(whist::server::LogLevel level, std::string_view, std::string_view) override {
    if (level != whist::server::LogLevel::Info) std::abort();
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  CheckingOutlet out;
  whist::server::HubConfig config{":memory:", 60000, 1};
  config.kept_idle = 0;  // an idle table leaves memory at each tick, and is read back
  whist::server::Hub hub(config, out);
  const std::string token =
      Json::parse(hub.http("POST", "/api/guests", R"({"name":"Ana"})", 0).body)["token"];
  const Json table = Json::parse(hub.http("POST", "/api/tables",
                                          Json{{"token", token},
                                               {"variant", "romanian"},
                                               {"options", {{"schedule", "2,1"}}},
                                               {"seats", {"human", "random", "random", "random"}}}
                                              .dump(),
                                          0)
                                     .body);
  const std::string id = table["id"];
  hub.http("POST", "/api/tables/" + id + "/join", Json{{"token", token}, {"seat", 0}}.dump(), 0);
  const std::string other =
      Json::parse(hub.http("POST", "/api/tables",
                           Json{{"token", token},
                                {"variant", "oh-hell"},
                                {"seats", {"human", "human", "random", "random"}}}
                               .dump(),
                           0)
                      .body)["id"];
  hub.open(1, 0);
  hub.message(1, Json{{"type", "hello"}, {"table", id}, {"token", token}}.dump(), 0);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  int64_t now = 0;
  std::string created;  // "$new"
  size_t start = 0;
  for (int line = 0; start <= input.size() && line < 64; ++line) {
    size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    std::string line_text(input.substr(start, end - start));
    start = end + 1;
    for (const auto& [name, value] : {std::pair<std::string, std::string>{"$token", token},
                                      {"$table", id},
                                      {"$other", other},
                                      {"$new", created}}) {
      for (size_t at = line_text.find(name); at != std::string::npos;
           at = line_text.find(name, at + value.size())) {
        line_text.replace(at, name.size(), value);
      }
    }
    std::string_view text = line_text;
    now += 1000;
    if (text.substr(0, 2) == "H ") {
      text.remove_prefix(2);
      const size_t sp1 = text.find(' ');
      const size_t sp2 = sp1 == std::string_view::npos ? sp1 : text.find(' ', sp1 + 1);
      const std::string_view method = text.substr(0, sp1);
      const std::string_view target =
          sp1 == std::string_view::npos ? std::string_view() : text.substr(sp1 + 1, sp2 - sp1 - 1);
      const std::string_view body =
          sp2 == std::string_view::npos ? std::string_view() : text.substr(sp2 + 1);
      const whist::server::HttpReply r = hub.http(method, target, body, now);
      if (r.content_type == "application/json" && r.status != 200 && r.status != 201) {
        if (Json::parse(r.body, nullptr, false).is_discarded()) std::abort();
      }
      if (r.status == 201) {  // a table or a rematch (a guest has no id)
        const Json j = Json::parse(r.body, nullptr, false);
        if (j.is_object() && j.contains("id") && j["id"].is_string()) created = j["id"];
      }
    } else if (text.substr(0, 2) == "T ") {
      const long long seconds = std::strtoll(std::string(text.substr(2)).c_str(), nullptr, 10);
      now += std::clamp<long long>(seconds, 0, 7200) * 1000;
    } else {
      hub.message(1, text, now);
    }
    hub.run_bots(now);
    hub.tick(now);
  }
  hub.closed(1, now);
  for (int day = 1; day <= 2; ++day) {
    hub.tick(now + day * 86400000LL);
    hub.run_bots(now + day * 86400000LL);
  }
  return 0;
}
