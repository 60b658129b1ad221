#include "server/lobby_list.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "rules/presets.h"
#include "server/percent_decode.h"

namespace whist::server {

namespace {

bool is_preset(std::string_view name) {
  const auto all = presets();
  return std::any_of(all.begin(), all.end(), [&](const PresetInfo& p) { return p.name == name; });
}

}  // namespace

std::optional<LobbyQueryError> parse_lobby_query(std::string_view target, LobbyQuery& out) {
  out = {};
  const size_t q = target.find('?');
  std::string_view query = q == std::string_view::npos ? "" : target.substr(q + 1);
  std::set<std::string> seen;
  while (!query.empty()) {
    const std::string_view part = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), part.size() + 1));
    if (part.empty()) continue;  // "a=1&&b=2", a trailing '&'
    const size_t eq = part.find('=');
    const auto key_text = percent_decode(part.substr(0, eq), true);
    const auto value_text =
        percent_decode(eq == std::string_view::npos ? "" : part.substr(eq + 1), true);
    if (!key_text || !value_text) return LobbyQueryError{"query: a bad %-escape", "query"};
    const std::string& key = *key_text;
    const std::string& value = *value_text;
    if (key.empty()) return LobbyQueryError{"query: a parameter without a name", "query"};
    if (!seen.insert(key).second) return LobbyQueryError{key + ": given twice", key};
    if (key == "variant") {
      // Empty: every variant, as a form's "any" choice sends it.
      if (!value.empty() && !is_preset(value)) {
        return LobbyQueryError{"variant: no preset \"" + value + "\"", key};
      }
      out.variant = value;
    } else if (key == "free") {
      if (value != "true" && value != "false") return LobbyQueryError{"free: true or false", key};
      out.free_only = value == "true";
    } else {
      return LobbyQueryError{key + ": not a filter of this list (variant, free)", key};
    }
  }
  return std::nullopt;
}

LobbyRow lobby_row(const std::string& id, const Table& table, uint64_t seats_seq) {
  bool free = false;
  for (int k = 0; k < table.players(); ++k) {
    free |= table.is_human_seat(k) && table.seat(k).guest.empty();
  }
  return {id, table.setup().variant, free, seats_seq};
}

const std::string& LobbyList::answer(const LobbyQuery& query, int64_t now_ms, const Rows& rows,
                                     const Summary& summary) {
  if (!built_ || now_ms < built_ms_ || now_ms - built_ms_ >= kLobbyListMs) {
    rows_ = rows();
    std::sort(rows_.begin(), rows_.end(), [](const LobbyRow& a, const LobbyRow& b) {
      return std::tie(b.free, b.seats_seq, a.id) < std::tie(a.free, a.seats_seq, b.id);
    });
    answers_.clear();
    built_ = true;
    built_ms_ = now_ms;
  }
  const auto key = std::pair{query.variant, query.free_only};
  if (const auto it = answers_.find(key); it != answers_.end()) return it->second;
  // The text as dump() writes an object: its keys sorted, no spaces.
  std::string text = R"({"tables":[)";
  size_t total = 0;
  for (const LobbyRow& row : rows_) {
    if ((query.free_only && !row.free) ||
        (!query.variant.empty() && row.variant != query.variant)) {
      continue;
    }
    if (total < kLobbyListMax) {
      const std::optional<std::string> s = summary(row);
      if (!s) continue;  // gone or changed since the list was made: not counted either
      if (total > 0) text += ',';
      text += *s;
    }
    ++total;
  }
  text += R"(],"total":)" + std::to_string(total) + "}";
  return answers_[key] = std::move(text);
}

}  // namespace whist::server
