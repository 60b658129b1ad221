// The hub's outlet for tests: every message sent, parsed, by connection; the closes and the log.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "server/hub.h"
#include "server/store.h"

namespace whist::server {

// What the hub answers an HTTP request: its status, and its body parsed.
struct Reply {
  int status;
  nlohmann::json body;
};

// What opening a database says: "opened", or the error.
inline std::string open_message(const std::string& path, StoreAccess access) {
  try {
    Store store(path, access);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "opened";
}

struct RecordingOutlet : Outlet {
  std::map<ConnId, std::vector<nlohmann::json>> sent;
  std::map<ConnId, std::string> closes;
  std::vector<std::string> logged;  // "WHAT: DETAIL"
  std::vector<LogLevel> levels;     // each line's

  void send(ConnId conn, std::string text) override {
    nlohmann::json m = nlohmann::json::parse(text);
    // Folded as it comes: tests ask for the last state after every move, and folding the whole
    // history each time made a long game's test quadratic (47 s under the sanitizers).
    if (m.is_object() && m.contains("type") && m["type"].is_string()) {
      nlohmann::json& into = folded_[conn][m["type"].get<std::string>()];
      if (into.is_null()) into = nlohmann::json::object();
      for (const auto& [k, v] : m.items()) into[k] = v;
    }
    sent[conn].push_back(std::move(m));
  }
  // Forgets what a connection was sent (its `sent` and what last_of folds).
  void forget(ConnId conn) {
    sent[conn].clear();
    folded_.erase(conn);
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
    const auto it = folded_.find(conn);
    if (it == folded_.end()) return nullptr;
    const auto of = it->second.find(type);
    return of == it->second.end() ? nlohmann::json() : of->second;
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

 private:
  std::map<ConnId, std::map<std::string, nlohmann::json>> folded_;  // by connection and type
};

}  // namespace whist::server
