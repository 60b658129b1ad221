// `whist play`: a game in the terminal against bots, or between humans at one keyboard (hands
// hidden between their turns). The game (play_game.h) is saved as a game record with a
// "session" field on quit, Ctrl-C, end of input and at every turn, and resumed with --resume.
// Bad command-line input: one line on stderr and exit status 2.
#include <fmt/core.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "cli/commands.h"
#include "cli/files.h"
#include "cli/play_game.h"
#include "cli/play_input.h"
#include "cli/play_screen.h"
#include "cli/play_terminal.h"
#include "cli/setup.h"
#include "core/text.h"
#include "game/sheet.h"
#include "game/view.h"

namespace whist::cli {

namespace {

struct PlayArgs {
  GameArgs game;
  std::string bots = "normal";
  int seat = 0;
  uint64_t seed = 0;
  bool seed_given = false;
  bool ascii = false;
  std::string save;
  std::string resume;
  bool allow_engines = false;
  int humans = 1;
  std::string names;
};

constexpr std::string_view kLevels[] = {"easy", "normal", "hard", "max"};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  // Every blank character, not the space alone: U+00A0 or U+3000 typed around a name would
  // stay in it, unseen (name_text_refusal refuses them at its ends).
  for (std::string item; std::getline(ss, item, ',');) out.emplace_back(trim_blanks(item));
  // getline drops an empty last item (regression: "--bots random," was one spec for every seat).
  if (!text.empty() && text.back() == ',') out.emplace_back();
  return out;
}

// A level alone names the expert bot at that level.
std::string bot_spec(const std::string& text) {
  for (std::string_view level : kLevels) {
    if (text == level) return "expert:" + text;
  }
  return text;
}

// A new game from the command line; null after printing what is wrong.
std::unique_ptr<PlayGame> new_game(const PlayArgs& args) {
  const auto fail = [](const std::string& message) {
    print_error("play", "{}", message);
    return nullptr;
  };
  const RulesOrError rules = make_rules(args.game);
  if (!rules.error.empty()) return fail(rules.error);
  const int n = rules.rules.players;
  if (args.humans < 1 || args.humans > n) {
    return fail(fmt::format("--humans {} must be from 1 to {} (the players)", args.humans, n));
  }
  if (args.seat < 0 || args.seat >= n) {
    return fail(fmt::format("--seat {} must be from 0 to {}", args.seat, n - 1));
  }
  std::vector<std::string> human_names = split_list(args.names);
  if (args.names.empty()) {
    human_names.clear();
    for (int h = 0; h < args.humans; ++h) {
      human_names.push_back(args.humans == 1 ? "You" : fmt::format("Player{}", h + 1));
    }
  }
  if (static_cast<int>(human_names.size()) != args.humans) {
    return fail(fmt::format("--names gives {} name{} for {} human{}", human_names.size(),
                            human_names.size() == 1 ? "" : "s", args.humans,
                            args.humans == 1 ? "" : "s"));
  }
  for (const std::string& name : human_names) {
    if (name.empty()) return fail("--names: an empty name in " + quote_input(args.names));
    // Regression: the record held the name with U+FFFD for its bytes, not the name shown.
    if (const std::string why = name_refusal(name); !why.empty()) return fail("--names: " + why);
  }
  const std::vector<std::string> specs = split_list(args.bots);
  const int bot_seats = n - args.humans;
  if (specs.size() != 1 && static_cast<int>(specs.size()) != bot_seats) {
    return fail(
        fmt::format("--bots lists {} bots, but there are {} bot seats", specs.size(), bot_seats));
  }
  PlaySession session;
  if (args.seed_given) {
    session.seed = args.seed;
  } else {
    std::random_device rd;
    session.seed = (static_cast<uint64_t>(rd()) << 32 | rd()) % 1000000000;
  }
  std::vector<std::string> names(static_cast<size_t>(n));
  session.seats.assign(static_cast<size_t>(n), "");
  for (int h = 0; h < args.humans; ++h) {
    const auto seat = static_cast<size_t>((args.seat + h) % n);
    session.seats[seat] = std::string(kHumanSeat);
    names[seat] = human_names[static_cast<size_t>(h)];
  }
  int b = 0;
  for (int p = 0; p < n; ++p) {
    const auto seat = static_cast<size_t>(p);
    if (!session.seats[seat].empty()) continue;
    session.seats[seat] = bot_spec(specs.size() == 1 ? specs[0] : specs[static_cast<size_t>(b)]);
    if (std::string e = new_bot_spec_error(session.seats[seat]); !e.empty()) {
      return fail(e);  // as make_bot's refusals are said
    }
    names[seat] = fmt::format("Bot{}", ++b);
  }
  // Every message and the sheet name the players: two of one name could not be told apart.
  for (int p = 0; p < n; ++p) {
    for (int q = p + 1; q < n; ++q) {
      // As read (regression: "Bo1" and "Bo1" U+FE0F were two players of one name to the eye).
      if (look_alike_key(names[static_cast<size_t>(p)]) !=
          look_alike_key(names[static_cast<size_t>(q)])) {
        continue;
      }
      const std::string& name = names[static_cast<size_t>(p)];
      const bool bot = session.seats[static_cast<size_t>(p)] != kHumanSeat ||
                       session.seats[static_cast<size_t>(q)] != kHumanSeat;
      return fail(bot ? "--names: " + quote_input(name) +
                            " is a bot's name in this game (the bots are Bot1, Bot2 …)"
                      : "--names: " + quote_input(name) + " is named twice");
    }
  }
  // Hints come from the opponents' own bot when they share one that can think, else the expert:
  // one spec for all, or the same one for each (regression: heuristic,heuristic,heuristic gave
  // the expert's hints).
  const std::string first = bot_spec(specs[0]);
  const bool shared = std::all_of(specs.begin(), specs.end(),
                                  [&](const std::string& s) { return bot_spec(s) == first; });
  if (shared && first != "random" && first.rfind("ext:", 0) != 0) session.hint = first;
  const int first_dealer =
      static_cast<int>(derive_seed(session.seed, {kDealerStream}) % static_cast<uint64_t>(n));
  std::string error;
  auto game = PlayGame::start(rules.rules, names, first_dealer, session, error);
  if (!game) return fail(error);
  return game;
}

class PlayLoop {
 public:
  PlayLoop(PlayGame& game, Style style, std::string save_path)
      : game_(game), style_(style), save_path_(std::move(save_path)) {
    for (int p = 0; p < game_.match().players(); ++p) {
      if (game_.is_human(p)) humans_.push_back(p);
    }
  }

  // A file that cannot be written is refused before the game starts: false after saying why.
  bool can_save() { return save(); }

  int run() {
    catch_interrupts();
    for (;;) {
      if (interrupted()) return quit();
      const Match& m = game_.match();
      if (m.finished()) {
        if (!save()) return rescue();
        // The command on a line of its own, whole, to be copied: a path is never broken, and the
        // line is no longer than it must be (regression: 159 columns with the data folder's).
        say(fmt::format("\nGame over. The record is saved in {}.\nTo see it: whist replay {}\n",
                        shell_word(save_path_), shell_word(save_path_)));
        return 0;
      }
      if (!m.in_deal()) {
        game_.deal();
        // A human to move first sees the deal on their screen; a bot's actions need it before them.
        if (!game_.is_human(game_.match().state().to_move())) {
          say("\n" + deal_header(game_.match(), style_));
        }
        continue;
      }
      const int seat = m.state().to_move();
      if (secret(seat)) {
        if (const auto end = secret_round(seat)) return *end;
        continue;
      }
      if (!game_.is_human(seat)) {
        if (const auto end = bot_turn(seat)) return *end;
        continue;
      }
      if (!human_turn(seat)) return quit();
    }
  }

  void welcome(bool resumed, const std::string& from) {
    const Match& m = game_.match();
    std::vector<std::string> seats;
    for (int p = 0; p < m.players(); ++p) {
      const std::string& spec = game_.session().seats[static_cast<size_t>(p)];
      seats.push_back(m.names()[static_cast<size_t>(p)] +
                      (spec == kHumanSeat ? "" : " (" + spec + ")"));
    }
    std::string out =
        resumed
            ? fmt::format("Resuming the game saved in {}.\n", shell_word(from))
            : wrap_list(fmt::format("whist play: {}, {} players: ", m.rules().variant, m.players()),
                        seats, ", ", ".");
    if (!resumed) {
      out += fmt::format("Seed {} (--seed {} plays this game again).\n", game_.session().seed,
                         game_.session().seed);
    }
    out += direction_line();
    out += fmt::format("Saving to {}.\nTo go on later: {}\n", shell_word(save_path_),
                       resume_command());
    out += "Type help for the commands.\n";
    // Empty lines push a hand out of sight, not out of the scrollback (regression: nothing said
    // so, and the last player's hand was a scroll away).
    if (humans_.size() > 1 && stdout_is_terminal() && !terminal_clears_scrollback()) {
      const char* term = std::getenv("TERM");
      out += fmt::format(
          "This terminal (TERM={}) is not known to clear its scrollback: scrolled back,\n"
          "it shows the hands of the players before. To have it cleared, set TERM to the\n"
          "terminal's type (e.g. TERM=xterm).\n",
          term != nullptr ? term : "");
    }
    // Nothing is cleared in output that is not a terminal (a pipe, a file): each hand stays in it
    // (regression, from an audit: nothing said so).
    if (humans_.size() > 1 && !stdout_is_terminal()) {
      out +=
          "The output is not a terminal: it is not cleared between players, and keeps every\n"
          "hand shown. Play at one keyboard in a terminal to keep the hands apart.\n";
    }
    if (resumed && !m.results().empty()) out += "\n" + sheet();
    // A human to move sees the deal on their screen; a bot's actions need it before them.
    if (resumed && m.in_deal() && !game_.is_human(m.state().to_move())) {
      out += "\n" + deal_header(m, style_);
    }
    say(out);
  }

 private:
  static void say(const std::string& text) {
    fmt::print("{}", text);
    std::fflush(stdout);
  }

  // Where the others sit at a real table (the `direction` option): the next seat in playing
  // order on the player's left when play goes clockwise, on the right counter-clockwise.
  std::string direction_line() const {
    const Match& m = game_.match();
    const Rules& rules = m.rules();
    if (humans_.size() != 1) {
      return fmt::format("Play goes {}, to the {}: the players sit in seat order.\n",
                         direction_name(rules), next_seat_side(rules));
    }
    const int n = m.players();
    const auto& names = m.names();
    const std::string& next = names[static_cast<size_t>((humans_[0] + 1) % n)];
    const std::string& before = names[static_cast<size_t>((humans_[0] + n - 1) % n)];
    return fitted(fmt::format("Play goes {}: {} sits on your {}, {} on your {}.\n",
                              direction_name(rules), next, next_seat_side(rules), before,
                              rules.counter_clockwise ? "left" : "right"));
  }

  // `text`, broken to fit the screen between words, never inside a player's name.
  std::string fitted(const std::string& text) const {
    return wrap_text(text, game_.match().names());
  }

  // Piped input is written back after its prompt, so that a transcript reads as the same session
  // at a terminal would, as in `whist score` (a terminal echoes what is typed itself).
  static ReadResult read_answer(std::string& line) {
    const ReadResult r = read_line(line);
    if (r == ReadResult::Line && !stdin_is_terminal()) say(escape_control_characters(line) + "\n");
    return r;
  }

  std::string sheet() const {
    std::string out = format_sheet(
        game_.match(), SheetStyle{.unicode = style_.unicode, .max_width = kScreenWidth});
    if (!out.empty() && out.back() != '\n') out += "\n";
    return out;
  }

  bool save() {
    if (std::string error = write_file_atomic(save_path_, game_.record()); !error.empty()) {
      print_error("play", "cannot save the game: {}", error);
      return false;
    }
    return true;
  }

  // What goes on with the saved game; a game with external engines needs them allowed again.
  std::string resume_command() const {
    const bool engines = !engine_in(game_.session()).empty();
    return fmt::format("whist play --resume {}{}", shell_word(save_path_),
                       engines ? " --allow-engines" : "");
  }

  // The end of a game whose save failed: the record goes to a file of its own in the data folder,
  // or, failing that too, to the screen, so that it is not lost; exit status 1.
  int rescue() {
    const std::string text = game_.record();
    const std::string rescued = rescue_file(save_path_, text);
    if (rescued.empty()) {
      say("\nThe game could not be saved anywhere; its record follows, to keep:\n" + text + "\n");
      // The last resort failing too (standard output a full disk) must not pass for a success.
      if (std::ferror(stdout) != 0) {
        print_error("play",
                    "the game's record could not be written to standard output either: "
                    "the game is lost");
      }
    } else if (game_.match().finished()) {
      say(fmt::format("\nThe record is saved in {} instead.\nTo see it: whist replay {}\n",
                      shell_word(rescued), shell_word(rescued)));
    } else {
      save_path_ = rescued;
      say(fmt::format("\nGame saved in {} instead.\nTo go on: {}\n", shell_word(save_path_),
                      resume_command()));
    }
    return 1;
  }

  int quit() {
    if (!save()) return rescue();
    say(fmt::format("\nGame saved in {}.\nTo go on: {}\n", shell_word(save_path_),
                    resume_command()));
    return 0;
  }

  void apply(int seat, Action a) {
    game_.apply(a);
    const Match& m = game_.match();
    const std::string told = narrate(m, seat, a, humans_, style_);
    if (held_) {
      *held_ += told;
    } else {
      say(told);
    }
    if (!m.in_deal()) {
      say(deal_result_text(m, style_));
      result_to_see_ = humans_.size() > 1 && !m.finished();
      save();
    }
  }

  // A bot's move; the program's exit status when the game is to stop there.
  std::optional<int> bot_turn(int seat) {
    const Match& m = game_.match();
    Action a;
    try {
      a = game_.bot_action();
    } catch (const std::exception& e) {
      if (interrupted()) return quit();  // its engine was stopped by the interrupt
      // Where, and how to go on (regression: the message named neither the seat nor the deal,
      // and the game's file went unsaid).
      print_error("play", "{} (seat {}), deal {}, action {}: {}",
                  m.names()[static_cast<size_t>(seat)], seat, m.log().size(),
                  m.log().empty() ? 0 : m.log().back().actions.size() + 1, e.what());
      if (!save()) return rescue();
      say(fmt::format("The game is saved in {}: {} goes on with it.\n", shell_word(save_path_),
                      resume_command()));
      return 1;
    }
    apply(seat, a);
    return std::nullopt;
  }

  // Whether `seat`, to move, acts in secret from a human at the keyboard (Call-Ace's partner
  // choosing trump and exchanging in a Half contract), with several humans there.
  bool secret(int seat) const {
    if (humans_.size() < 2) return false;
    const DealState& s = game_.match().state();
    for (int h : humans_) {
      if (h != seat && !actor_visible(s, seat, h)) return true;
    }
    return false;
  }

  // A secret actor's moves, with every human called to the keyboard in seat order, the actor
  // among them, so that where the keyboard goes says nothing of who it is (regression: "Pass the
  // keyboard to NAME" named the partner). What they did is told once the round is over, the
  // same whoever made them (regression: a human's choices were told on their own screen, then
  // cleared, a bot's after the round, so the others knew whether a human declarer played
  // alone). The exit status when the game is to stop.
  std::optional<int> secret_round(int seat) {
    held_.emplace();
    const std::optional<int> end = secret_moves(seat);
    const std::string told = std::exchange(held_, std::nullopt).value_or("");
    if (!end) say(told);
    return end;
  }
  std::optional<int> secret_moves(int seat) {
    const auto still = [&] {
      const Match& m = game_.match();
      return m.in_deal() && m.state().to_move() == seat && secret(seat);
    };
    for (int h : humans_) {
      shown_ = -1;  // every human gets the screen, the one at the keyboard too
      if (h == seat) {
        while (still()) {
          if (!human_turn(seat)) return quit();
        }
        continue;
      }
      if (!hand_over(h)) return quit();
      discard_typeahead();
      // On two lines: one was 101 columns.
      say("\nNothing for you to choose now: a player is choosing in secret.\n"
          "Pass the keyboard on, then press Enter.");
      std::string line;
      if (read_answer(line) != ReadResult::Line) return quit();
    }
    shown_ = -1;
    while (!game_.is_human(seat) && still()) {
      if (const auto end = bot_turn(seat)) return end;
    }
    return std::nullopt;
  }

  // With several humans at one keyboard, the screen and its scrollback are cleared and the next
  // one called before their hand is shown. False when the game is to stop.
  bool hand_over(int seat) {
    // Regression: a deal's result and the score sheet were cleared as soon as they were shown.
    // They are read by all before the next hand is shown, the same player's too: below the
    // result, it would be in sight of those reading it.
    const bool terminal = stdout_is_terminal();
    const bool result_shown = std::exchange(result_to_see_, false) && terminal;
    if (humans_.size() < 2 || (seat == shown_ && !result_shown)) return true;
    // The scrollback too, where the last player's hand would still be (regression).
    const std::string clear = terminal ? clear_screen_text() : "\n";
    // Regression: a key the last player pressed twice answered this, and showed the next hand.
    discard_typeahead();
    if (result_shown) {
      say("\nWhen everyone has seen the result, press Enter.");
      std::string line;
      if (read_answer(line) != ReadResult::Line) return false;
    }
    // Broken after the name of 48 columns (regression: 88 columns); the clearing codes are
    // not text to break.
    say(clear + fitted(fmt::format("Pass the keyboard to {}, then press Enter.",
                                   game_.match().names()[static_cast<size_t>(seat)])));
    std::string line;
    if (read_answer(line) != ReadResult::Line) return false;
    if (terminal) say(clear);
    shown_ = seat;
    return true;
  }

  // One decision of a human: asks until a legal action or a command that ends the turn. False
  // when the game is to stop (quit, Ctrl-C, end of input).
  bool human_turn(int seat) {
    if (!hand_over(seat)) return false;
    save();
    // Regression: "3⏎8⏎" typed at once bid 3 and played card 8 before the bots' cards were seen.
    discard_typeahead();
    const Match& m = game_.match();
    say("\n" + status_text(m, seat, style_) + choices_text(m, seat, style_));
    for (;;) {
      say(humans_.size() > 1 ? m.names()[static_cast<size_t>(seat)] + "> " : "> ");
      std::string line;
      const ReadResult r = read_answer(line);
      if (r != ReadResult::Line) {
        say("\n");
        return false;
      }
      const InputContext ctx = input_context(m, seat);
      const Input in = parse_input(line, ctx);
      if (!in.error.empty()) {
        say(fitted("  " + in.error + "\n"));
        continue;
      }
      switch (in.command) {
        case Command::Help:
          say(help_text(ctx, style_.unicode) + choices_text(m, seat, style_));
          continue;
        case Command::Hint: {
          if (ctx.phase == Phase::Playing && m.view(seat).own_hand.empty()) {
            // A forehead deal: the card is the player's only one, and theirs not to see
            // (regression: the hint named it).
            say("  Your one card is on your forehead: play it (1), unseen.\n");
            continue;
          }
          const Hint h = game_.hint();
          std::string out = fmt::format("  {} would {}: {}\n", h.bot,
                                        ctx.phase == Phase::Playing ? "play" : "choose",
                                        action_text(h.action, style_));
          if (!h.reasons.empty()) {
            out += h.reasons_from_heuristic ? "  The heuristic's rules of thumb here:\n" : "";
            std::stringstream ss(h.reasons);
            // Cards as the hand shows them (regression: "TH" beside a hand that says 10H).
            for (std::string l; std::getline(ss, l);) {
              out += "    " + cards_restyled(l, style_) + "\n";
            }
          }
          say(fitted(out));
          continue;
        }
        case Command::Undo: {
          const std::string error = game_.undo();
          if (!error.empty()) {
            say(fitted("  " + error + "\n"));
            continue;
          }
          say("  Taken back.\n");
          return true;
        }
        case Command::Last:
          say(last_trick_text(m, seat, style_));
          continue;
        case Command::Sheet:
          say(m.results().empty() ? "No deal is finished yet.\n" : sheet());
          continue;
        case Command::Quit:
          return false;
        case Command::None:
          break;
      }
      // "play unseen", as the protocols name a forehead card, is that card here too.
      const Action a =
          *in.action == Action::play_unseen() ? heard_action(m.view(seat), *in.action) : *in.action;
      if (const std::string why = game_.why_illegal(a); !why.empty()) {
        say(fitted(fmt::format("  Not allowed: {}: {}\n", action_text(a, style_),
                               reason_restyled(why, style_))));
        continue;
      }
      apply(seat, a);
      return true;
    }
  }

  PlayGame& game_;
  Style style_;
  std::string save_path_;
  std::vector<int> humans_;
  int shown_ = -1;                   // the human whose hand is on the screen
  bool result_to_see_ = false;       // a deal's result is on the screen, to be seen by all
  std::optional<std::string> held_;  // what a secret round told, until it is over
};

int run_play(const PlayArgs& args) {
  std::unique_ptr<PlayGame> game;
  std::string save_path = args.save;
  bool claimed = false;  // save_path is a new empty file made for this game
  if (!args.resume.empty()) {
    std::string text, error;
    if (!read_file(args.resume, text, error)) {
      print_error("play", "{}", error);
      return 2;
    }
    game = PlayGame::resume(text, error, args.allow_engines);
    if (!game) {
      print_error("play", "{}: {}", args.resume, one_line(error));
      return 2;
    }
    // Regression: --save named another game's file, which the resumed game replaced.
    if (const std::string why = refuse_existing(save_path, "play", "--save", args.resume);
        !why.empty()) {
      print_error("play", "{}", why);
      return 2;
    }
    if (save_path.empty()) save_path = args.resume;
  } else {
    game = new_game(args);
    if (!game) return 2;
    if (const std::string why = refuse_existing(save_path, "play", "--save"); !why.empty()) {
      print_error("play", "{}", why);
      return 2;
    }
    if (save_path.empty()) {
      claimed = true;
      std::string error;
      // play-20261126-220105-seed5.json (-2, -3 … if taken)
      save_path = claim_new_file(
          data_dir(),
          fmt::format("play-{}-seed{}", local_time_text("%Y%m%d-%H%M%S"), game->session().seed),
          ".json", error);
      if (save_path.empty()) {
        print_error("play", "{}", error);
        return 1;
      }
    }
  }
  // A second session on the file would save over this one's game (or this over its).
  if (const std::string why = hold_save_file(save_path); !why.empty()) {
    print_error("play", "{}", why);
    if (claimed) remove_claimed_file(save_path);
    return 2;
  }
  Style style;
  style.unicode = !args.ascii && stdout_is_terminal() && locale_is_utf8();
  style.colour = !args.ascii && stdout_is_terminal() && colour_wanted();
  PlayLoop loop(*game, style, save_path);
  int status = 1;
  if (loop.can_save()) {
    loop.welcome(!args.resume.empty(), args.resume);
    status = loop.run();
  }
  // Regression: a first save that failed (the disk full) left the empty file claimed for it,
  // and each try another (-2, -3 …).
  if (claimed) remove_claimed_file(save_path);
  return status;
}

}  // namespace

void add_play(CLI::App& app, int& status) {
  auto* cmd =
      app.add_subcommand("play", "play in the terminal against bots (or friends at one keyboard)");
  auto args = std::make_shared<PlayArgs>();
  add_game_options(*cmd, args->game);
  auto* bots = cmd->add_option(
      "--bots", args->bots,
      "the bots: a level of the expert (easy, normal, hard, max) or a bot spec, or one spec per "
      "bot seat, comma separated (default normal)");
  // The ranges here only keep CLI11's conversion messages away; the game checks them for its
  // players.
  // Described by the players, not by those ranges (regression: the help said --humans 0 was
  // allowed, which the game refuses).
  auto* seat =
      cmd->add_option("--seat", args->seat, "your seat, from 0 (default 0)")
          ->transform(whole_number_in(0, 1000).description("INT from 0 to the players - 1"));
  auto* seed = cmd->add_option("--seed", args->seed,
                               "random seed: the same seed plays the same deals and bot choices")
                   ->transform(whole_number_u64());
  cmd->add_flag("--ascii", args->ascii, "letters S H D C and no colour");
  // --file too: `whist score` calls its save file that, and a user of both should not guess.
  cmd->add_option("--save,--file", args->save,
                  "the save file (a game record); default: a new file in "
                  "$XDG_DATA_HOME/whist "
                  "or ~/.local/share/whist")
      ->check(not_empty());
  auto* resume = cmd->add_option("--resume", args->resume, "go on with the game saved in this file")
                     ->check(not_empty());
  cmd->add_flag("--allow-engines", args->allow_engines,
                "with --resume: let the save file start the external engines (ext:COMMAND) it "
                "names")
      ->needs(resume);
  auto* humans = cmd->add_option("--humans", args->humans,
                                 "humans at the keyboard, from --seat on (default 1)")
                     ->transform(whole_number_in(0, 1000).description("INT from 1 to the players"));
  auto* names = cmd->add_option("--names", args->names, "the humans' names, comma separated")
                    ->check(not_empty());
  for (CLI::Option* o : {bots, seat, seed, humans, names, cmd->get_option("--variant"),
                         cmd->get_option("--players"), cmd->get_option("options")}) {
    resume->excludes(o);
  }
  cmd->callback([args, seed, &status] {
    args->seed_given = seed->count() > 0;
    status = run_play(*args);
  });
}

}  // namespace whist::cli
