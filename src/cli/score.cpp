// `whist score`: the scorekeeper for games played with real cards (docs/score-format.md). Asks
// deal by deal who dealt, the turned card, the bids and the tricks, checks them by the rules and
// keeps the sheet; saved after every answer, resumable with --resume, exported as CSV or JSON.
#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/files.h"
#include "cli/play_terminal.h"
#include "cli/score_session.h"
#include "cli/setup.h"
#include "core/text.h"
#include "game/score_file.h"
#include "rules/presets.h"

namespace whist::cli {

namespace {

struct ScoreArgs {
  std::string variant = "romanian";
  std::string players = "Ana,Bogdan,Cristi,Dana";
  std::vector<std::string> options;
  std::string dealer;
  std::string file;
  std::string resume;
  std::string csv;
  std::string json;
  bool unicode = false;
};

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> out;
  std::string name;
  // Every blank character, as `whist play --names` trims them: U+00A0 or U+3000 at a name's
  // end would stay in it, unseen.
  const auto flush = [&] {
    out.emplace_back(trim_blanks(name));
    name.clear();
  };
  for (char c : text) {
    if (c == ',') {
      flush();
    } else {
      name += c;
    }
  }
  flush();
  return out;
}

// The names from --players: "Ana,Bogdan,Cristi" or a count ("4": P1 … P4), as many as `game`
// (a preset) is played by. Regression: a count above 7 was refused as "3-7", while 1 or 2 (and
// two names) went on to be refused without naming --players.
std::string read_names(const std::string& text, const Rules& game,
                       std::vector<std::string>& names) {
  const bool one_count = game.min_players == game.max_players;
  const std::string range =
      one_count ? std::to_string(game.min_players)
                : std::to_string(game.min_players) + " to " + std::to_string(game.max_players);
  const std::string played_by = game.variant + " is played by " + range + " players";
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
    // Regression: atoi read 4294967299 as 3 (an overflow, undefined); from_chars refuses it.
    int n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || n < game.min_players || n > game.max_players) {
      return "--players: " + quote_input(text) + ": " + played_by + " (a list of names, or " +
             (one_count ? "the number " : "a number from ") + range + ")";
    }
    for (int p = 1; p <= n; ++p) names.push_back("P" + std::to_string(p));
    return {};
  }
  names = split_names(text);
  for (const std::string& name : names) {
    if (name.empty()) return "--players: an empty name in " + quote_input(text);
  }
  // The save file's names are checked by the same rules (game/score_form.h).
  if (const std::string why = player_names_refusal(names); !why.empty()) {
    return "--players: " + why;
  }
  const int n = static_cast<int>(names.size());
  if (n < game.min_players || n > game.max_players) {
    return "--players: " + std::to_string(n) + (n == 1 ? " name: " : " names: ") + played_by;
  }
  return {};
}

int run_score(const ScoreArgs& args, const CLI::App& cmd) {
  std::unique_ptr<Scorekeeper> keeper;
  std::string path = args.file;
  bool claimed = false;  // path is a new empty file made for this game
  if (!args.resume.empty()) {
    for (const char* flag : {"--variant", "--players", "--dealer", "options"}) {
      if (cmd.count(flag) > 0) {
        // "options" is the program's name for them, not the user's.
        print_error("score", "--resume takes the rules and players from the file ({})",
                    std::string_view(flag) == "options" ? "option=value pairs" : flag);
        return 2;
      }
    }
    std::string text, error;
    if (!read_file(args.resume, text, error)) {
      print_error("score", "{}", error);
      return 2;
    }
    ScoreFileResult loaded = read_score_file(text);
    if (!loaded.error.empty()) {
      print_error("score", "{}: {}", args.resume, loaded.error);
      return 2;
    }
    keeper = std::move(loaded.keeper);
    // Regression (as in whist play): --file named another game's file, which this one replaced.
    if (const std::string why = refuse_existing(path, "score", "--file", args.resume);
        !why.empty()) {
      print_error("score", "{}", why);
      return 2;
    }
    if (path.empty()) path = args.resume;
    if (!args.csv.empty() || !args.json.empty()) {
      // Exports of a saved game: write them and stop.
      for (const std::string& file : {args.csv, args.json}) {
        if (!file.empty() && (same_file(file, args.resume) || same_file(file, path))) {
          print_error("score", "{} is the game's save file: export to another file",
                      shell_word(file));
          return 2;
        }
      }
      // Regression: an export replaced whatever was there, another game's save file too.
      for (const auto& [file, flag] :
           {std::pair{args.csv, "--csv"}, std::pair{args.json, "--json"}}) {
        if (file.empty()) continue;
        if (const std::string why = refuse_export(file); !why.empty()) {
          print_error("score", "{} {}: {}", flag, shell_word(file), why);
          return 2;
        }
      }
      for (const auto& [file, text_of] :
           {std::pair{args.csv, &score_csv}, std::pair{args.json, &score_json}}) {
        if (file.empty()) continue;
        if (std::string e = write_file_atomic(file, text_of(*keeper)); !e.empty()) {
          print_error("score", "{}", e);
          return 2;
        }
      }
      return 0;
    }
  } else {
    if (!args.csv.empty() || !args.json.empty()) {
      print_error("score",
                  "--csv and --json export a saved game: use them with --resume FILE "
                  "(or 'export csv FILE' during a game)");
      return 2;
    }
    // The variant first: it says how many players --players may name.
    const std::optional<Rules> preset = make_preset(args.variant);
    if (!preset) {
      print_error("score", "{}", unknown_variant(args.variant));
      return 2;
    }
    std::vector<std::string> names;
    if (std::string e = read_names(args.players, *preset, names); !e.empty()) {
      print_error("score", "{}", e);
      return 2;
    }
    GameArgs game{args.variant, static_cast<int>(names.size()), args.options};
    RulesOrError rules = make_rules(game);
    if (!rules.error.empty()) {
      print_error("score", "{}", rules.error);
      return 2;
    }
    int dealer = 0;
    if (!args.dealer.empty()) {
      const PlayerAnswer seat = parse_player(args.dealer, names);
      if (seat.ambiguous) {
        // An ambiguous start ("a" for Ana and Andrei) lists its names (regression: it was said
        // to name none of the players).
        print_error("score", "--dealer: {}: give more of the name, or a number 1 to {}", seat.error,
                    names.size());
        return 2;
      }
      if (!seat.seat) {
        print_error("score",
                    "--dealer: {} names none of the players ({}): give a name, the start of "
                    "exactly one, or a number 1 to {}",
                    quote_input(args.dealer), fmt::join(names, ", "), names.size());
        return 2;
      }
      dealer = *seat.seat;
    }
    keeper = std::make_unique<Scorekeeper>(rules.rules, names, dealer);
    if (const std::string why = refuse_existing(path, "score", "--file"); !why.empty()) {
      print_error("score", "{}", why);
      return 2;
    }
    if (path.empty()) {
      claimed = true;
      std::string error;
      // score-2026-03-14-2031.json (-2, -3 … if taken)
      path =
          claim_new_file(data_dir(), "score-" + local_time_text("%Y-%m-%d-%H%M"), ".json", error);
      if (path.empty()) {
        print_error("score", "{}", error);
        return 1;
      }
    }
  }
  // A second session on the file would save over this one's deals (or this over its).
  if (const std::string why = hold_save_file(path); !why.empty()) {
    print_error("score", "{}", why);
    if (claimed) remove_claimed_file(path);
    return 2;
  }
  SheetStyle style;
  style.unicode = args.unicode;
  ScoreSession session(*keeper, path, std::cin, std::cout, style, isatty(STDIN_FILENO) == 0);
  // Ctrl-C ends the reading of answers as the end of input does: the game is saved and the
  // command that goes on with it said (regression: the signal killed the program, silently).
  catch_interrupts();
  const int status = session.run();
  // A first save that failed leaves no empty file behind (as in whist play).
  if (claimed) remove_claimed_file(path);
  return status;
}

}  // namespace

void add_score(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "score", "keep score of a game played with real cards (bids and tricks, deal by deal)");
  auto args = std::make_shared<ScoreArgs>();
  cmd->add_option("--variant", args->variant, "preset (see `whist variants`)")->check(not_empty());
  cmd->add_option("--players", args->players,
                  "the players' names in playing order, e.g. \"Ana,Bogdan,Cristi,Dana\"")
      ->check(not_empty());
  cmd->add_option("--dealer", args->dealer, "who deals first: a name or 1-N (default: the first)")
      ->check(not_empty());
  cmd->add_option("--file,--save", args->file,
                  "the save file (default: a new file in $XDG_DATA_HOME/whist or "
                  "~/.local/share/whist)")
      ->check(not_empty());
  cmd->add_option("--resume", args->resume, "go on with a saved game")->check(not_empty());
  cmd->add_option("--csv", args->csv, "with --resume: write the sheet as CSV to this file and stop")
      ->check(not_empty());
  cmd->add_option("--json", args->json,
                  "with --resume: write the sheet as JSON to this file and stop")
      ->check(not_empty());
  cmd->add_flag("--unicode", args->unicode, "suit symbols in the score sheet");
  cmd->add_option("options", args->options, "option=value pairs (see `whist variants NAME`)");
  cmd->callback([args, cmd, &status] { status = run_score(*args, *cmd); });
}

}  // namespace whist::cli
