// The hub's outlet for tests: every message sent, parsed, by connection; the closes and the log.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "server/hub.h"

namespace whist::server {

struct RecordingOutlet : Outlet {
  std::map<ConnId, std::vector<nlohmann::json>> sent;
  std::map<ConnId, std::string> closes;
  std::vector<std::string> logged;  // "WHAT: DETAIL"
  std::vector<LogLevel> levels;     // each line's

  void send(ConnId conn, std::string text) override {
    sent[conn].push_back(nlohmann::json::parse(text));
  }
  void close(ConnId conn, std::string reason) override { closes[conn] = reason; }
  void log(LogLevel level, std::string_view what, std::string_view detail) override {
    logged.push_back(std::string(what) + ": " + std::string(detail));
    levels.push_back(level);
  }

  // The last message sent to a connection, or null.
  nlohmann::json last(ConnId conn) const {
    const auto it = sent.find(conn);
    return it == sent.end() || it->second.empty() ? nlohmann::json() : it->second.back();
  }
  // The last message of a type sent to a connection, or null. States are folded: a state
  // carries `table` and `match` only when they changed, so the last one holds the latest of each.
  nlohmann::json last_of(ConnId conn, const std::string& type) const {
    const auto it = sent.find(conn);
    if (it == sent.end()) return nullptr;
    nlohmann::json out;
    for (const nlohmann::json& m : it->second) {
      if (m["type"] != type) continue;
      if (out.is_null()) out = nlohmann::json::object();
      for (const auto& [k, v] : m.items()) out[k] = v;
    }
    return out;
  }
  // The last welcome or error a connection was sent (what answers a hello), or null.
  nlohmann::json answer(ConnId conn) const {
    const auto it = sent.find(conn);
    if (it == sent.end()) return nullptr;
    for (auto m = it->second.rbegin(); m != it->second.rend(); ++m) {
      if ((*m)["type"] == "welcome" || (*m)["type"] == "error") return *m;
    }
    return nullptr;
  }
};

}  // namespace whist::server
