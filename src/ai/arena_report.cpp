// The arena's statistics and its two outputs: the aligned table and the JSON object.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "ai/arena.h"
#include "core/text.h"
#include "rules/options.h"
#include "rules/scoring.h"

namespace whist {

namespace {

using Json = nlohmann::json;

// What "bid accuracy" counts in each family, for both outputs.
std::string_view accuracy_meaning(Family f) {
  switch (f) {
    case Family::ExactBid:
      return "share of deals where the bot took exactly the tricks it bid";
    case Family::Israeli:
      return "share of the bot's contracts made exactly (the declarer's too; thrown-in hands "
             "excluded)";
    case Family::CallAce:
      return "share of the contracts the bot declared that its side made";
  }
  return "";
}

constexpr std::string_view kScoringNote =
    "contract points of each deal alone (streak bonuses and miss penalties ignored, zero play "
    "off); thrown-in hands score 0";

double accuracy(const SpecStats& s) {
  return s.bids > 0 ? static_cast<double>(s.bids_made) / static_cast<double>(s.bids)
                    : std::numeric_limits<double>::quiet_NaN();
}

// Whether a missed bid is missed high or low: not in Call-Ace, whose contracts are not one
// seat's count of tricks.
bool misses_have_a_side(Family family) { return family != Family::CallAce; }

// The shares of the bids missed high and low: "9.1% / 16.3%".
std::string over_under_text(Family family, const SpecStats& s) {
  if (!misses_have_a_side(family) || s.bids == 0) return "n/a";
  const double bids = static_cast<double>(s.bids);
  return fmt::format("{:.1f}% / {:.1f}%", 100.0 * static_cast<double>(s.bids_over) / bids,
                     100.0 * static_cast<double>(s.bids_under) / bids);
}

Json over_under_json(Family family, int64_t count) {
  return misses_have_a_side(family) ? Json(count) : Json();
}

double mean_ms(const SpecStats& s) {
  return s.decisions > 0 ? 1000.0 * s.decision_seconds / static_cast<double>(s.decisions) : 0.0;
}

// Three significant digits down to a microsecond: "12.3", "0.0412".
std::string ms_text(double ms) {
  if (ms >= 100) return fmt::format("{:.0f}", ms);
  if (ms >= 0.001) return fmt::format("{:.3g}", ms);
  return ms > 0 ? "<0.001" : "0";
}

std::string interval_text(const Summary& s) {
  if (std::isnan(s.half_width)) return "n/a";
  return fmt::format("[{:.2f}, {:.2f}]", s.low(), s.high());
}

Json number_or_null(double x) { return std::isnan(x) ? Json() : Json(x); }

Json interval_json(const Summary& s) {
  if (std::isnan(s.half_width)) return Json();
  return Json::array({s.low(), s.high()});
}

// Rows of cells printed in columns; `right[c]` right-aligns column c. Measured in terminal
// columns: an engine's name or a command (ext:…) may hold any script.
std::string columns(const std::vector<std::vector<std::string>>& rows,
                    const std::vector<bool>& right) {
  std::vector<size_t> width(right.size(), 0);
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (c > 0) line += "  ";
      const std::string pad(width[c] - display_width(row[c]), ' ');
      line += right[c] ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : "");
    }
    out += line + "\n";
  }
  return out;
}

// An engine names itself, at any length (a line of up to 1 MiB): in the table the name is cut
// to this many columns, so that it cannot push the figures off the screen; the JSON has it whole.
constexpr size_t kEngineNameColumns = 40;

std::string shown_engine_name(const std::string& name) {
  if (display_width(name) <= kEngineNameColumns) return name;
  return name.substr(0, width_prefix(name, kEngineNameColumns - 1)) + "\u2026";
}

}  // namespace

double t_quantile_975(int df) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                      2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                      2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                      2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) return std::numeric_limits<double>::quiet_NaN();
  if (df <= 30) return kTable[df - 1];
  // Beyond the table, the Cornish-Fisher expansion around the normal quantile (error < 1e-5).
  const double z = 1.959963984540054, v = df;
  const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z, z9 = z7 * z * z;
  return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
         (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v) +
         (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v * v * v * v);
}

Summary summarize(const std::vector<double>& x) {
  Summary s;
  s.n = static_cast<int>(x.size());
  if (s.n == 0) {
    s.sd = s.half_width = std::numeric_limits<double>::quiet_NaN();
    return s;
  }
  double sum = 0;
  for (double v : x) sum += v;
  s.mean = sum / s.n;
  if (s.n < 2) {
    // No spread from one value (regression: the JSON said sd 0 beside a null interval).
    s.sd = s.half_width = std::numeric_limits<double>::quiet_NaN();
    return s;
  }
  double sq = 0;
  for (double v : x) sq += (v - s.mean) * (v - s.mean);
  s.sd = std::sqrt(sq / (s.n - 1));
  s.half_width = t_quantile_975(s.n - 1) * s.sd / std::sqrt(static_cast<double>(s.n));
  return s;
}

Summary percent_more(const std::vector<double>& a, const std::vector<double>& b) {
  const Summary base = summarize(b);
  if (a.size() != b.size() || std::isnan(base.half_width) || !(base.low() > 0))
    return summarize({});
  const double ratio = summarize(a).mean / base.mean;
  std::vector<double> residuals;
  residuals.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i) residuals.push_back(a[i] - ratio * b[i]);
  const Summary r = summarize(residuals);
  Summary s;
  s.n = r.n;
  s.mean = 100 * (ratio - 1);
  s.sd = 100 * r.sd / base.mean;
  s.half_width = 100 * r.half_width / base.mean;
  return s;
}

bool points_sum_to_zero(const Rules& rules) { return rules.family == Family::CallAce; }

std::string arena_table(const ArenaConfig& config, const ArenaReport& rep) {
  const Rules& rules = config.rules;
  const int n = rules.players;
  std::string out = fmt::format(
      "{} for {} players, seed {}: {} deal set{} x {} rotations = {} deals ({} thrown in), {} "
      "thread{}, {:.1f} s\n\n",
      rules.variant, n, config.seed, config.deals, config.deals == 1 ? "" : "s", n,
      rep.deals_played, rep.thrown_in, config.threads, config.threads == 1 ? "" : "s", rep.seconds);
  std::vector<std::vector<std::string>> rows = {{"bot", "seats", "points/deal", "95% CI",
                                                 "bid accuracy", "missed over/under", "decisions",
                                                 "ms/decision", "max ms"}};
  for (const SpecStats& s : rep.specs) {
    std::string seats;
    for (int p : s.positions) seats += (seats.empty() ? "" : " ") + std::to_string(p);
    const double acc = accuracy(s);
    // A spec is the command line's (ext:COMMAND may hold anything): not a way to drive the
    // terminal.
    rows.push_back({escape_control_characters(s.spec) +
                        (s.engine.empty() ? "" : " (" + shown_engine_name(s.engine) + ")"),
                    seats, fmt::format("{:.3f}", s.points.mean), interval_text(s.points),
                    std::isnan(acc) ? "n/a" : fmt::format("{:.1f}% of {}", 100 * acc, s.bids),
                    over_under_text(rules.family, s), std::to_string(s.decisions),
                    ms_text(mean_ms(s)), ms_text(1000.0 * s.slowest_seconds)});
  }
  out += columns(rows, {false, false, true, false, true, true, true, true, true});
  if (!rep.differences.empty()) out += "\n";
  for (const SpecDifference& d : rep.differences) {
    const std::string first = escape_control_characters(rep.specs[d.first].spec);
    const std::string second = escape_control_characters(rep.specs[d.second].spec);
    out += fmt::format("{} minus {}: {:+.3f} points/deal{}, 95% CI {}", first, second,
                       d.summary.mean, lowest_wins(rules.scoring) ? " (lower is better)" : "",
                       interval_text(d.summary));
    if (d.percent.n > 0) {
      out += fmt::format("; relative to {}: {:+.1f}%, 95% CI [{:+.1f}%, {:+.1f}%]", second,
                         d.percent.mean, d.percent.low(), d.percent.high());
    }
    out += "\n";
  }
  const std::string_view over_under =
      misses_have_a_side(rules.family)
          ? "; missed over/under: the shares of those bids missed by taking more tricks and by "
            "taking fewer"
          : "";
  // Where the lowest total wins, a negative difference is the first bot's win: said, as the
  // figures alone read the other way (regression: nothing said so).
  const std::string_view lower =
      lowest_wins(rules.scoring) ? " Lower is better: the lowest total wins in this scoring." : "";
  // Why no difference comes with a percentage, where the payments sum to zero (regression: one
  // bot against three was "-400.0%" of them, whatever it played).
  const std::string_view zero_sum =
      points_sum_to_zero(rules) && !rep.differences.empty()
          ? " The payments of each deal sum to zero, a bot's gain being the others' loss: no "
            "difference is given as a percentage of a bot's points."
          : "";
  out += fmt::format(
      "\npoints: {}.{}{}\nbid accuracy: {}{}.\nCI: over the {} per-set mean{} (each set's deal "
      "played in all {} rotations).\n",
      kScoringNote, lower, zero_sum, accuracy_meaning(rules.family), over_under, config.deals,
      config.deals == 1 ? "" : "s", n);
  if (!arena_reproducible(config.bots)) {
    out +=
        "not reproducible: a bot stops its search by the clock (ismcts:ms=N), so the results "
        "depend on the machine's speed and load, not on the seed alone.\n";
  }
  if (!rep.complete) {
    out += fmt::format(
        "incomplete: {} after {} of {} deal sets; these are the results of the "
        "sets before the first not played whole.\n",
        rep.interrupted ? "interrupted" : "stopped by an error", config.deals, rep.deals_asked);
  }
  return out;
}

std::string arena_json(const ArenaConfig& config, const ArenaReport& rep) {
  const Rules rules = arena_rules(config.rules);
  Json opts = Json::object();
  for (const OptionInfo& o : options()) {
    if (option_applies(o.name, rules.family)) opts[std::string(o.name)] = o.get(rules);
  }
  Json results = Json::array();
  for (const SpecStats& s : rep.specs) {
    results.push_back({{"spec", s.spec},
                       {"name", s.name},
                       {"engine", s.engine.empty() ? Json() : Json(s.engine)},
                       {"positions", s.positions},
                       {"mean_points", s.points.mean},
                       {"sd", number_or_null(s.points.sd)},
                       {"ci95", interval_json(s.points)},
                       {"ci95_half_width", number_or_null(s.points.half_width)},
                       {"samples", s.points.n},
                       {"bids", s.bids},
                       {"bids_made", s.bids_made},
                       {"bid_accuracy", number_or_null(accuracy(s))},
                       {"bids_over", over_under_json(rules.family, s.bids_over)},
                       {"bids_under", over_under_json(rules.family, s.bids_under)},
                       {"decisions", s.decisions},
                       {"mean_decision_ms", mean_ms(s)},
                       {"max_decision_ms", 1000.0 * s.slowest_seconds},
                       // Each set's mean, in the sets' order: two runs with the same seed deal
                       // the same cards, so these pair them (scripts/arena-pair).
                       {"set_means", s.set_means}});
  }
  Json differences = Json::array();
  for (const SpecDifference& d : rep.differences) {
    const Json percent = d.percent.n > 0
                             ? Json({{"mean", d.percent.mean}, {"ci95", interval_json(d.percent)}})
                             : Json();
    differences.push_back({{"first", rep.specs[d.first].spec},
                           {"second", rep.specs[d.second].spec},
                           {"mean", d.summary.mean},
                           {"sd", number_or_null(d.summary.sd)},
                           {"ci95", interval_json(d.summary)},
                           {"ci95_half_width", number_or_null(d.summary.half_width)},
                           {"percent_more", percent}});
  }
  // The one difference of a two-spec match, as before `differences` existed.
  Json difference = rep.has_difference ? differences[0] : Json();
  const Json j = {{"format", "whist-arena/1"},
                  {"variant", rules.variant},
                  {"players", rules.players},
                  {"options", std::move(opts)},
                  {"bots", config.bots},
                  {"deals", config.deals},
                  {"deals_asked", rep.deals_asked},
                  {"complete", rep.complete},
                  {"interrupted", rep.interrupted},
                  {"error", rep.error.empty() ? Json() : Json(rep.error)},
                  {"reproducible", arena_reproducible(config.bots)},
                  {"lower_is_better", lowest_wins(rules.scoring)},
                  {"seed", config.seed},
                  {"threads", config.threads},
                  {"ext_timeout_ms", config.ext_timeout_ms},
                  {"points", kScoringNote},
                  {"bid_accuracy", accuracy_meaning(rules.family)},
                  {"deals_played", rep.deals_played},
                  {"thrown_in", rep.thrown_in},
                  {"seconds", rep.seconds},
                  {"results", std::move(results)},
                  {"difference", std::move(difference)},
                  {"differences", std::move(differences)}};
  // The error quotes what an engine sent: invalid UTF-8 is replaced rather than thrown on.
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace whist
