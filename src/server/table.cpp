#include "server/table.h"

#include <algorithm>
#include <charconv>

#include "ai/bot.h"
#include "core/rng.h"
#include "core/text.h"
#include "game/json_int.h"
#include "game/record.h"
#include "game/sheet.h"
#include "game/view.h"
#include "game/view_json.h"
#include "rules/contracts.h"
#include "rules/options.h"
#include "rules/presets.h"

namespace whist::server {

using Json = nlohmann::json;

namespace {

// The streams derive_seed mixes with the table's seed.
constexpr uint64_t kDealStream = 1;
constexpr uint64_t kBotStream = 2;
constexpr uint64_t kDealerStream = 3;
constexpr uint64_t kPaceStream = 4;

constexpr size_t kMaxNameLength = 40;

const char* kind_text(EventKind k) {
  switch (k) {
    case EventKind::Join:
      return "join";
    case EventKind::Leave:
      return "leave";
    case EventKind::Act:
      return "act";
    case EventKind::Connect:
      return "connect";
    case EventKind::Disconnect:
      return "disconnect";
    case EventKind::Away:
      return "away";
    case EventKind::Restart:
      return "restart";
  }
  return "?";
}

Json points_json(Points p) {
  if (p.in_halves() % 2 == 0) return Json(p.in_halves() / 2);
  return Json(p.as_double());
}

}  // namespace

Json setup_to_json(const TableSetup& s) {
  Json options = Json::object();
  for (const auto& [k, v] : s.options) options[k] = v;
  return {{"name", s.name},
          {"variant", s.variant},
          {"players", s.players},
          {"options", options},
          {"seats", s.seats},
          {"public", s.is_public},
          {"turn_seconds", s.turn_seconds},
          {"seed", std::to_string(s.seed)}};
}

std::string setup_from_json(const Json& j, bool with_seed, TableSetup& out, Rules& rules) {
  if (!j.is_object()) return "the body must be a JSON object";
  const auto variant = j.find("variant");
  if (variant == j.end() || !variant->is_string()) return "variant: a preset name is required";
  out.variant = variant->get<std::string>();
  out.players = 0;
  if (const auto p = j.find("players"); p != j.end()) {
    const auto players = json_int(*p);
    if (!players) return "players: must be a whole number";
    if (*players < 2 || *players > kMaxPlayers) {
      return "players: must be 2 to " + std::to_string(kMaxPlayers);
    }
    out.players = static_cast<int>(*players);
  }
  auto preset = make_preset(out.variant, out.players);
  if (!preset) {
    return "variant: no preset \"" + out.variant + "\"" +
           (out.players ? " for " + std::to_string(out.players) + " players" : "");
  }
  rules = *preset;
  // The field that was given, not "options": validate() below would say the same of the count,
  // and a client would look for the fault among the options.
  if (out.players != 0 && (out.players < rules.min_players || out.players > rules.max_players)) {
    return "players: " + validate(rules);
  }
  out.players = rules.players;
  out.options.clear();
  if (const auto o = j.find("options"); o != j.end()) {
    if (!o->is_object()) return "options: must be an object of option names to values";
    for (const auto& [key, value] : o->items()) {
      if (!value.is_string()) return "options." + key + ": the value must be a string";
      const std::string error = set_option(rules, key, value.get<std::string>());
      if (!error.empty()) return "options." + key + ": " + error;
      out.options.emplace_back(key, value.get<std::string>());
    }
  }
  if (std::string error = validate(rules); !error.empty()) return "options: " + error;
  const auto seats = j.find("seats");
  if (seats == j.end() || !seats->is_array()) return "seats: a list of \"human\" or bot specs";
  if (static_cast<int>(seats->size()) != rules.players) {
    return "seats: " + std::to_string(rules.players) + " seats needed, " +
           std::to_string(seats->size()) + " given";
  }
  out.seats.clear();
  for (size_t i = 0; i < seats->size(); ++i) {
    const std::string field = "seats[" + std::to_string(i) + "]";
    const Json& s = (*seats)[i];
    if (!s.is_string()) return field + ": must be \"human\" or a bot spec";
    const std::string spec = s.get<std::string>();
    if (spec != kHumanSeat) {
      if (names_engine(spec)) return field + ": external engines cannot sit at a table";
      std::string error;
      if (!make_bot(spec, error)) return field + ": " + error;
    }
    out.seats.push_back(spec);
  }
  out.is_public = true;
  if (const auto p = j.find("public"); p != j.end()) {
    if (!p->is_boolean()) return "public: must be true or false";
    out.is_public = p->get<bool>();
  }
  out.turn_seconds = 0;
  if (const auto t = j.find("turn_seconds"); t != j.end() && !t->is_null()) {
    const auto seconds = json_int(*t);
    if (!seconds || *seconds < 0 || *seconds > 3600) {
      return "turn_seconds: a whole number of seconds, 0 (no timer) to 3600";
    }
    out.turn_seconds = static_cast<int>(*seconds);
  }
  out.name.clear();
  if (const auto n = j.find("name"); n != j.end() && !n->is_null()) {
    if (!n->is_string()) return "name: must be a string";
    out.name = n->get<std::string>();
    // Characters, not bytes, as for a guest's name: a Cyrillic or Greek name may be as long as a
    // Latin one.
    if (code_points(out.name) > kMaxNameLength || has_control_character(out.name)) {
      return "name: at most 40 characters, none of them control characters";
    }
  }
  if (with_seed) {
    const auto s = j.find("seed");
    if (s == j.end() || !s->is_string()) return "seed: missing";
    const std::string& text = s->get_ref<const std::string&>();
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out.seed);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
      return "seed: not a whole number 0 to 2^64-1";
    }
  }
  return {};
}

Json event_to_json(const Event& e) {
  Json j = {{"k", kind_text(e.kind)}, {"seat", e.seat}};
  if (e.kind == EventKind::Act) j["a"] = e.action.code();
  if (e.kind == EventKind::Join) {
    j["guest"] = e.guest;
    j["name"] = e.name;
  }
  return j;
}

std::optional<Event> event_from_json(const Json& j) {
  if (!j.is_object() || !j.contains("k") || !j.contains("seat")) return std::nullopt;
  Event e;
  try {
    const std::string k = j["k"].get<std::string>();
    for (auto kind : {EventKind::Join, EventKind::Leave, EventKind::Act, EventKind::Connect,
                      EventKind::Disconnect, EventKind::Away, EventKind::Restart}) {
      if (k == kind_text(kind)) e.kind = kind;
    }
    if (k != kind_text(e.kind)) return std::nullopt;
    e.seat = j["seat"].get<int>();
    if (e.kind == EventKind::Act) e.action = Action::from_code(j.at("a").get<uint16_t>());
    if (e.kind == EventKind::Join) {
      e.guest = j.at("guest").get<std::string>();
      e.name = j.at("name").get<std::string>();
    }
  } catch (const Json::exception&) {
    return std::nullopt;  // a field missing or of another type
  }
  return e;
}

Table::Table(std::string id, TableSetup setup, Rules rules)
    : id_(std::move(id)), setup_(std::move(setup)), rules_(std::move(rules)) {
  seats_.resize(static_cast<size_t>(setup_.players));
  for (int k = 0; k < players(); ++k) {
    if (!is_human_seat(k)) seats_[static_cast<size_t>(k)].name = setup_.seats[k];
  }
  if (std::none_of(setup_.seats.begin(), setup_.seats.end(),
                   [](const std::string& s) { return s == kHumanSeat; })) {
    start();
  }
}

int Table::seat_of(const std::string& guest) const {
  for (int k = 0; k < players(); ++k) {
    if (!guest.empty() && seats_[static_cast<size_t>(k)].guest == guest) return k;
  }
  return -1;
}

std::string Table::check(const Event& e) const {
  if (e.kind == EventKind::Restart) return {};
  if (e.seat < 0 || e.seat >= players()) return "no seat " + std::to_string(e.seat);
  const SeatState& s = seats_[static_cast<size_t>(e.seat)];
  switch (e.kind) {
    case EventKind::Join:
      if (!is_human_seat(e.seat)) return "seat " + std::to_string(e.seat) + " is a bot's";
      if (stage_ == TableStage::Finished) return "the game is over";
      if (!s.guest.empty() && s.guest != e.guest) {
        return "seat " + std::to_string(e.seat) + " is taken";
      }
      if (s.guest.empty() && seat_of(e.guest) >= 0) return "you already sit at this table";
      return {};
    case EventKind::Leave:
      if (s.guest.empty()) return "nobody sits in seat " + std::to_string(e.seat);
      if (stage_ == TableStage::Finished) return "the game is over";
      return {};
    case EventKind::Act: {
      if (stage_ == TableStage::Waiting) return "the game has not started";
      if (stage_ == TableStage::Finished) return "the game is over";
      if (match_->state().to_move() != e.seat) return "it is not your turn";
      return match_->why_illegal(e.action);
    }
    case EventKind::Connect:
    case EventKind::Disconnect:
    case EventKind::Away:
      if (s.guest.empty()) return "nobody sits in seat " + std::to_string(e.seat);
      return {};
    case EventKind::Restart:
      return {};
  }
  return "unknown event";
}

void Table::apply(const Event& e, int64_t now_ms) {
  ++seq_;
  if (e.kind == EventKind::Act || e.kind == EventKind::Join || e.kind == EventKind::Leave) {
    game_seq_ = seq_;
  }
  if (e.kind == EventKind::Act || e.kind == EventKind::Join || e.kind == EventKind::Restart) {
    turn_start_ms_ = now_ms;
  }
  if (e.kind == EventKind::Restart) {
    for (SeatState& s : seats_) {
      s.connected = false;
      s.since_ms = now_ms;
    }
    return;
  }
  SeatState& s = seats_[static_cast<size_t>(e.seat)];
  switch (e.kind) {
    case EventKind::Join:
      s.guest = e.guest;
      s.name = e.name;
      s.away = stage_ == TableStage::Playing && !s.connected;
      if (!s.connected) s.since_ms = now_ms;
      if (stage_ == TableStage::Waiting &&
          std::all_of(seats_.begin(), seats_.end(), [&, k = 0](const SeatState& x) mutable {
            return !is_human_seat(k++) || !x.guest.empty();
          })) {
        start();
      }
      break;
    case EventKind::Leave:
      s.guest.clear();
      s.connected = false;
      if (stage_ == TableStage::Waiting) {
        s.name.clear();
      } else {
        s.away = true;
      }
      break;
    case EventKind::Act:
      match_->apply(e.action);
      ++actions_;
      if (!match_->in_deal()) deal_next();
      break;
    case EventKind::Connect:
      s.connected = true;
      s.away = false;
      break;
    case EventKind::Disconnect:
      s.connected = false;
      s.since_ms = now_ms;
      break;
    case EventKind::Away:
      s.away = true;
      break;
    case EventKind::Restart:
      break;
  }
}

void Table::start() {
  std::vector<std::string> names;
  for (int k = 0; k < players(); ++k) names.push_back(seats_[static_cast<size_t>(k)].name);
  const int dealer = static_cast<int>(derive_seed(setup_.seed, {kDealerStream}) %
                                      static_cast<uint64_t>(players()));
  match_ = std::make_unique<Match>(rules_, names, dealer);
  stage_ = TableStage::Playing;
  deal_next();
}

void Table::deal_next() {
  if (match_->finished()) {
    stage_ = TableStage::Finished;
    return;
  }
  Rng rng(derive_seed(setup_.seed, {kDealStream, static_cast<uint64_t>(match_->deal_index())}));
  match_->deal_random(rng);
}

std::optional<int64_t> Table::turn_left_ms(int64_t now_ms) const {
  if (setup_.turn_seconds <= 0 || stage_ != TableStage::Playing || !match_->in_deal()) {
    return std::nullopt;
  }
  const int seat = match_->state().to_move();
  if (seat < 0 || !is_human_seat(seat)) return std::nullopt;
  const SeatState& s = seats_[static_cast<size_t>(seat)];
  if (s.away || s.guest.empty()) return std::nullopt;
  return std::max<int64_t>(0, int64_t{1000} * setup_.turn_seconds - (now_ms - turn_start_ms_));
}

std::optional<int64_t> Table::turn_left_ms(int64_t now_ms, int viewer) const {
  const std::optional<int64_t> left = turn_left_ms(now_ms);
  if (!left || !actor_visible(match_->state(), match_->state().to_move(), viewer)) {
    return std::nullopt;
  }
  return left;
}

bool Table::secret_turn() const {
  if (stage_ != TableStage::Playing || !match_->in_deal()) return false;
  const DealState& s = match_->state();
  const int seat = s.to_move();
  if (seat < 0) return false;
  for (int viewer = 0; viewer < players(); ++viewer) {
    if (viewer != seat && !actor_visible(s, seat, viewer)) return true;
  }
  return false;
}

int64_t Table::secret_delay_ms(int64_t most) const {
  if (most <= 0) return 0;
  const auto least = static_cast<uint64_t>(most / 3);
  const uint64_t spread = static_cast<uint64_t>(most) - least + 1;
  return static_cast<int64_t>(least + derive_seed(setup_.seed, {kPaceStream, seq_}) % spread);
}

bool Table::turn_expired(int64_t now_ms) const {
  const std::optional<int64_t> left = turn_left_ms(now_ms);
  return left && *left == 0;
}

std::optional<BotJob> Table::bot_job(bool timed_out) const {
  if (stage_ != TableStage::Playing || !match_->in_deal()) return std::nullopt;
  const int seat = match_->state().to_move();
  if (seat < 0) return std::nullopt;
  const SeatState& s = seats_[static_cast<size_t>(seat)];
  std::string spec;
  if (!is_human_seat(seat)) {
    spec = setup_.seats[static_cast<size_t>(seat)];
  } else if (s.away || s.guest.empty() || timed_out) {
    spec = kAwayBot;
  } else {
    return std::nullopt;
  }
  BotJob job;
  job.table = id_;
  job.seq = seq_;
  job.seat = seat;
  job.spec = spec;
  job.seed =
      derive_seed(setup_.seed, {kBotStream, static_cast<uint64_t>(match_->deal_index()),
                                static_cast<uint64_t>(actions_), static_cast<uint64_t>(seat)});
  job.deal = static_cast<int>(match_->log().size()) - 1;
  job.rules = rules_;
  job.view = match_->view(seat);
  return job;
}

void Table::backdate_leaving(int seat, int64_t closed_ms) {
  SeatState& s = seats_[static_cast<size_t>(seat)];
  if (!s.connected) s.since_ms = std::min(s.since_ms, closed_ms);
}

std::vector<int> Table::overdue(int64_t now_ms, int64_t grace_ms) const {
  std::vector<int> out;
  if (stage_ != TableStage::Playing) return out;
  for (int k = 0; k < players(); ++k) {
    const SeatState& s = seats_[static_cast<size_t>(k)];
    if (!s.guest.empty() && !s.connected && !s.away && now_ms - s.since_ms >= grace_ms) {
      out.push_back(k);
    }
  }
  return out;
}

std::vector<int> Table::unheld(int64_t now_ms, int64_t hold_ms) const {
  std::vector<int> out;
  if (stage_ != TableStage::Waiting) return out;
  for (int k = 0; k < players(); ++k) {
    const SeatState& s = seats_[static_cast<size_t>(k)];
    if (!s.guest.empty() && !s.connected && now_ms - s.since_ms >= hold_ms) out.push_back(k);
  }
  return out;
}

bool Table::anyone_seated() const {
  return std::any_of(seats_.begin(), seats_.end(),
                     [](const SeatState& s) { return !s.guest.empty(); });
}

Json Table::summary(int spectators, const std::string& rematch) const {
  Json seats = Json::array();
  for (int k = 0; k < players(); ++k) {
    const SeatState& s = seats_[static_cast<size_t>(k)];
    if (is_human_seat(k)) {
      seats.push_back(
          {{"kind", "human"},
           {"name", s.name.empty() ? Json() : Json(s.name)},
           {"free", s.guest.empty()},
           {"connected", s.connected},
           {"bot_playing", stage_ == TableStage::Playing && (s.away || s.guest.empty())}});
    } else {
      seats.push_back(
          {{"kind", "bot"}, {"bot", setup_.seats[static_cast<size_t>(k)]}, {"name", s.name}});
    }
  }
  Json options = Json::object();
  for (const OptionInfo& o : whist::options()) {
    if (option_applies(o.name, rules_.family)) options[std::string(o.name)] = o.get(rules_);
  }
  const char* stage = stage_ == TableStage::Waiting   ? "waiting"
                      : stage_ == TableStage::Playing ? "playing"
                                                      : "finished";
  const std::optional<int> length = match_ ? match_->schedule().length() : std::nullopt;
  return {{"id", id_},
          {"name", setup_.name},
          {"variant", setup_.variant},
          {"players", players()},
          {"options", options},
          {"public", setup_.is_public},
          {"turn_seconds", setup_.turn_seconds},
          {"state", stage},
          {"seats", seats},
          {"spectators", spectators},
          {"seq", seq_},
          {"deal", match_ ? match_->deal_index() : 0},
          {"deals", length ? Json(*length) : Json()},
          {"rematch", rematch.empty() ? Json() : Json(rematch)}};
}

Json Table::match_json() const {
  if (!match_) return nullptr;
  Json results = Json::array();
  for (size_t i = 0; i < match_->results().size(); ++i) {
    const DealResult& r = match_->results()[i];
    // The deal's last trick, in play order (the live view moves straight on to the next deal).
    Json last_trick = Json::array();
    if (i < match_->log().size()) {
      const DealLog& log = match_->log()[i];
      std::vector<size_t> plays;
      for (size_t a = log.actions.size();
           a-- > 0 && plays.size() < static_cast<size_t>(players());) {
        if (log.actions[a].kind() == ActionKind::Play) plays.push_back(a);
      }
      for (auto a = plays.rbegin(); a != plays.rend(); ++a) {
        last_trick.push_back(
            {{"seat", log.seats[*a]}, {"card", to_string(log.actions[*a].card())}});
      }
    }
    Json bids = Json::array(), tricks = Json::array(), points = Json::array();
    for (int k = 0; k < players(); ++k) {
      // null for a seat that made no bid (Call-Ace, an Israeli deal thrown in), as in the views.
      bids.push_back(r.bids[k] < 0 ? Json() : Json(r.bids[k]));
      tricks.push_back(r.tricks[k]);
      points.push_back(points_json(r.points[k]));
    }
    Json result = {
        {"cards", r.cards},
        {"dealer", r.dealer},
        {"trump", suit_name(r.trump)},  // "none" for no trump, as in the views
        {"bids", bids},
        {"tricks", tricks},
        {"points", points},
        {"thrown_in", r.thrown_in},
        {"last_trick", std::move(last_trick)},
        {"last_trick_winner", r.last_trick_winner < 0 ? Json() : Json(r.last_trick_winner)}};
    // Call-Ace has no bids: a deal is its contract, who bid it and with whom (the sheet's text
    // says so too; a client's summary of the deal had only "-" for every bid).
    if (r.contract_index >= 0) {
      result["contract"] = {{"index", r.contract_index}, {"name", contract_name(r.contract_index)}};
      result["declarer"] = r.declarer < 0 ? Json() : Json(r.declarer);
      result["called"] = r.called == kNoCard ? Json() : Json(to_string(r.called));
      result["partner"] = r.partner < 0 ? Json() : Json(r.partner);
    }
    results.push_back(std::move(result));
  }
  Json totals = Json::array();
  for (int k = 0; k < players(); ++k) totals.push_back(points_json(match_->totals()[k]));
  // Who plays each seat now: a player who took a seat mid-game heads its column (the game record
  // keeps the names the game started with).
  std::vector<std::string> names = match_->names();
  for (int k = 0; k < players(); ++k) {
    const std::string& now = seats_[static_cast<size_t>(k)].name;
    if (!now.empty()) names[static_cast<size_t>(k)] = now;
  }
  // In the sheet, seats of one name (three bots of a kind) are told apart by their number, as
  // the web client names them everywhere else; `names` stays as it is, for the client to do so.
  // "random #2", not "random (2)": the sheet's winner line puts the points in brackets. Names
  // that read alike are one name here: guests stored before invisible characters were refused
  // may be "Ana" and "Ana" + U+200B.
  std::vector<std::string> sheet_names = names, keys;
  for (const std::string& name : names) keys.push_back(look_alike_key(name));
  for (size_t k = 0; k < names.size(); ++k) {
    if (std::count(keys.begin(), keys.end(), keys[k]) > 1) {
      sheet_names[k] += " #" + std::to_string(k + 1);
    }
  }
  const std::optional<int> length = match_->schedule().length();
  return {{"deal", match_->deal_index()},
          {"deals", length ? Json(*length) : Json()},  // null: to a target
          {"dealer", match_->in_deal() ? match_->state().dealer() : match_->next_dealer()},
          {"names", names},
          {"totals", totals},
          {"results", results},
          {"sheet", format_sheet(SheetData{.rules = match_->rules(),
                                           .names = sheet_names,
                                           .results = match_->results(),
                                           .finished = match_->finished(),
                                           .winners = match_->winners()})},
          {"finished", match_->finished()},
          {"winners", match_->winners()}};
}

std::string Table::view_text(int viewer) const {
  if (!match_ || !match_->in_deal()) return "null";
  return view_json_text(viewer >= 0 ? match_->view(viewer) : match_->public_view());
}

Json Table::replay_json() const {
  if (!match_) return nullptr;
  Match replay(rules_, match_->names(), match_->first_dealer());
  Json deals = Json::array();
  for (size_t d = 0; d < match_->log().size(); ++d) {
    const DealLog& log = match_->log()[d];
    if (const std::string why = replay.deal_given(log.hands, log.turned, log.kitty); !why.empty()) {
      throw std::logic_error("replay of table " + id_ + ", deal " + std::to_string(d + 1) + ": " +
                             why);
    }
    Json frames = Json::array();
    const auto frame = [&](Json action) {
      Json f = whist::view_to_json(replay.public_view());
      Json hands = Json::array();
      for (int k = 0; k < players(); ++k) hands.push_back(cards_json(replay.state().hand(k)));
      f["hands"] = std::move(hands);
      f["action"] = std::move(action);
      frames.push_back(std::move(f));
    };
    frame(nullptr);
    for (size_t i = 0; i < log.actions.size(); ++i) {
      replay.apply(log.actions[i]);
      frame({{"seat", log.seats[i]}, {"text", to_string(log.actions[i])}});
    }
    deals.push_back({{"deal", d + 1}, {"frames", std::move(frames)}});
  }
  return {{"match", match_json()}, {"deals", std::move(deals)}};
}

std::string Table::record() const { return match_ ? write_record(*match_) : std::string(); }

std::unique_ptr<Table> replay_table(const StoredTable& stored) {
  TableSetup setup;
  Rules rules;
  const Json sj = Json::parse(stored.setup, nullptr, false);
  if (const std::string error = setup_from_json(sj, true, setup, rules); !error.empty()) {
    throw DamagedTable("database: table " + stored.id + ": " + error);
  }
  auto table = std::make_unique<Table>(stored.id, setup, rules);
  for (size_t i = 0; i < stored.events.size(); ++i) {
    const auto e = event_from_json(Json::parse(stored.events[i], nullptr, false));
    const std::string why = e ? table->check(*e) : "unreadable";
    if (!why.empty()) {
      throw DamagedTable("database: table " + stored.id + ", event " + std::to_string(i + 1) +
                         ": " + why);
    }
    table->apply(*e, 0);
  }
  return table;
}

}  // namespace whist::server
