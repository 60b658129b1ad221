#include "cli/score_session.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <istream>
#include <ostream>
#include <sstream>

#include "cli/files.h"
#include "core/text.h"
#include "game/score_file.h"
#include "rules/contracts.h"

namespace whist::cli {

namespace {

std::string trim(const std::string& s) {
  size_t a = 0;
  size_t b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The file of "export csv FILE": the rest of the line, spaces and commas kept, in quotes or not
// (regression: "my game.csv" was three words, and refused).
std::string export_file(const std::string& line) {
  size_t at = 0;
  for (int word = 0; word < 2; ++word) {
    while (at < line.size() && std::isspace(static_cast<unsigned char>(line[at]))) ++at;
    while (at < line.size() && !std::isspace(static_cast<unsigned char>(line[at]))) ++at;
  }
  std::string file = trim(line.substr(at));
  if (file.size() >= 2 && (file.front() == '"' || file.front() == '\'') &&
      file.back() == file.front()) {
    file = file.substr(1, file.size() - 2);
  }
  return file;
}

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::string word;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

// Several answers on one line ("1 0 2 0") are taken one by one: numbers only. Not "zero", which
// announces zero play, a choice made once a game, not a number among others.
bool is_number_word(const std::string& w) {
  return !w.empty() &&
         std::all_of(w.begin(), w.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The answers of one line: its numbers one by one where the question is a bid or tricks and the
// line holds several ("1 0 2 0"), else the line itself.
std::vector<std::string> line_answers(const std::string& line, AskKind kind) {
  const std::vector<std::string> words = split_words(line);
  if ((kind == AskKind::Bid || kind == AskKind::Tricks) && words.size() > 1 &&
      std::all_of(words.begin(), words.end(), is_number_word)) {
    return words;
  }
  return {line};
}

// The kind of the question `form` asks next; none when the deal is complete.
std::optional<AskKind> asked(const DealForm& form) {
  const std::optional<Question> q = form.question();
  return q ? std::optional(q->kind) : std::nullopt;
}

// Several numbers answering questions of `kind`, tried on `trial` (a copy): more numbers than
// bids (or tricks) still to say is a line typed again after a refusal, or a slip, and none is
// taken, where the first would answer the wrong player (regression: the rest ran on into the
// tricks, and were recorded as the first players' tricks). Empty when they may be taken. The
// trial is the deal's own form, not the game, so that the numbers never run on into the next
// deal, where the line's answers stop (regression: a special hand whose forced bids ask for
// tricks straight away let the check pass, and the numbers past the deal's end were dropped).
std::string too_many_numbers(DealForm trial, const std::vector<std::string>& answers,
                             AskKind kind) {
  size_t left = 0;
  for (const std::string& a : answers) {
    if (asked(trial) != kind || !trial.answer(a).empty()) break;
    ++left;
  }
  if (left == answers.size() || asked(trial) == kind) return {};
  const bool bids = kind == AskKind::Bid;
  return std::to_string(answers.size()) + " numbers for " + std::to_string(left) + " " +
         (bids ? (left == 1 ? "bid" : "bids")
               : (left == 1 ? "player's tricks" : "players' tricks")) +
         " still to say: none taken (type only those)";
}

std::string suit_word(Suit s) {
  switch (s) {
    case Suit::Spades:
      return "spades";
    case Suit::Hearts:
      return "hearts";
    case Suit::Diamonds:
      return "diamonds";
    case Suit::Clubs:
      return "clubs";
    case Suit::None:
      break;
  }
  return "no trump";
}

}  // namespace

ScoreSession::ScoreSession(Scorekeeper& keeper, std::string path, std::istream& in,
                           std::ostream& out, SheetStyle style, bool echo)
    : keeper_(keeper), path_(std::move(path)), in_(in), out_(out), style_(style), echo_(echo) {}

bool ScoreSession::read_line(const std::string& prompt, std::string& line) {
  out_ << prompt << std::flush;
  if (!std::getline(in_, line)) {
    out_ << "\n";
    return false;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  // The transcript of piped input; a control character in it would act on the terminal.
  if (echo_) out_ << escape_control_characters(line) << "\n";
  return true;
}

bool ScoreSession::save() {
  const std::string error = write_file_atomic(path_, write_score_file(keeper_));
  if (!error.empty()) out_ << "  warning: not saved: " << error << "\n";
  return error.empty();
}

// The sheet stands apart, a blank line before and after it.
void ScoreSession::print_sheet() { out_ << "\n" << keeper_.sheet(style_) << "\n"; }

void ScoreSession::announce_deal() {
  const int k = static_cast<int>(keeper_.deals().size());
  const DealContext c = keeper_.context(k);
  const Rules& rules = keeper_.rules();
  const auto& names = keeper_.names();
  std::string line = "Deal " + std::to_string(k + 1);
  if (c.length) {
    line += " of " + std::to_string(*c.length);
  } else {
    line += " (to " + std::to_string(rules.target_score) + " points)";
  }
  line += ": " + names[c.dealer] + " deals " + std::to_string(c.plan.cards) +
          (c.plan.cards == 1 ? " card" : " cards") + " each";
  if (rules.family == Family::CallAce) line += " and 3 to the kitty";
  line += ". ";
  if (rules.family == Family::Israeli) {
    line += "The auction names trump.";
  } else if (rules.family == Family::CallAce) {
    line += "The contract auction starts with " + names[(c.dealer + 1) % keeper_.players()] + ".";
  } else if (c.turns_card) {
    line += "A card is turned for trump.";
  } else if (rules.trump == TrumpRule::Rotation) {
    line += c.fixed_trump == Suit::None ? "No trump." : "Trump: " + suit_word(c.fixed_trump) + ".";
  } else if (rules.trump == TrumpRule::Turned) {
    line += "Every card is dealt: no trump.";
  } else {
    line += "No trump.";
  }
  out_ << line << "\n";
  if (c.plan.special == SpecialHand::AllZero) out_ << "Special hand: everyone bids 0.\n";
  if (c.plan.special == SpecialHand::AllEight) {
    out_ << "Special hand: everyone bids " << c.plan.cards << ".\n";
  }
  if (c.plan.special == SpecialHand::Blind) {
    out_ << "Blind hand: everyone bids before looking at their cards.\n";
  }
  if (c.plan.cards == 1 && c.plan.mode == OneCardMode::Forehead) {
    out_ << "Forehead: everyone holds their card to their forehead.\n";
  }
  if (c.plan.cards == 1 && c.plan.mode == OneCardMode::Blind) {
    out_ << "Blind: everyone bids before looking at their card.\n";
  }
  if (c.zero_open)
    out_ << "Zero play may be announced at one's turn to bid, before the bid: answer 'zero', then "
            "the bid.\n";
  // A deal taken up again (resumed, or reopened by undo): what was said so far.
  for (const std::string& said : keeper_.current().transcript()) out_ << "  " << said << "\n";
}

void ScoreSession::print_help() {
  // What each game asks for besides bids and tricks (regression: the help gave the turned card
  // in Israeli and Call-Ace whist, where no card is turned).
  std::string game;
  switch (keeper_.rules().family) {
    case Family::ExactBid:
      game = "  trump:     the turned card (9H, 10h) or its suit (S, H, D, C)\n";
      break;
    case Family::Israeli:
      game = "  auction:   the winning bid (7S, 6NT), or 'thrown in' when everyone passed\n";
      break;
    case Family::CallAce:
      game =
          "  contract:  its name (8, 8 turn, 9 quarter, sun), or 'all passed'\n"
          "  trump:     S, H, D or C (NT when a turned joker left none)\n"
          "  partner:   who held the called card (a player), or 'alone'\n";
      break;
  }
  out_ << "Answer each question; several numbers may be given on one line (\"1 0 2 1\").\n"
          "  a player:  a name, the start of one, or a number 1-"
       << keeper_.players() << "\n"
       << game
       << "Commands:\n"
          "  sheet               show the score sheet\n"
          "  undo                take back the last answer (into the previous deal if needed)\n"
          "  edit N              correct deal N: bids, tricks, trump (Enter keeps a value)\n"
          "  export csv FILE     write the sheet as CSV\n"
          "  export json FILE    write the sheet as JSON\n"
          "  quit                save and stop (resume with: whist score --resume "
       << shell_word(path_)
       << ")\n"
          "  help                this text\n"
          "The game is saved after every answer to "
       << shell_word(path_) << "\n";
}

void ScoreSession::export_sheet(const std::string& kind, const std::string& file) {
  std::string text;
  if (kind == "csv") {
    text = score_csv(keeper_);
  } else if (kind == "json") {
    text = score_json(keeper_);
  } else {
    out_ << "  export csv FILE or export json FILE\n";
    return;
  }
  // Regression: exporting to the save file replaced the game with its sheet, and the next answer
  // (or --resume) found no game in it.
  if (same_file(file, path_)) {
    out_ << "  " << shell_word(file)
         << " is this game's save file: export to another file (the game is not lost)\n";
    return;
  }
  // Regression: an export replaced whatever was there, another game's save file too.
  if (const std::string why = refuse_export(file); !why.empty()) {
    out_ << "  " << shell_word(file) << ": " << why << " (nothing exported)\n";
    return;
  }
  const std::string error = write_file_atomic(file, text);
  if (error.empty()) {
    out_ << "  exported the sheet to " << shell_word(file) << "\n";
  } else {
    out_ << "  " << error << "\n";
  }
}

bool ScoreSession::command(const std::string& line) {
  const std::vector<std::string> words = split_words(line);
  if (words.empty()) return false;
  const std::string verb = lower(words[0]);
  if (verb == "help" || verb == "?") {
    print_help();
  } else if (verb == "sheet" && words.size() == 1) {
    print_sheet();
  } else if (verb == "undo" && words.size() == 1) {
    const size_t before = keeper_.deals().size();
    if (!keeper_.undo()) {
      out_ << "  nothing to take back\n";
      return true;
    }
    save();
    if (keeper_.deals().size() < before) {
      out_ << "  back in deal " << keeper_.deals().size() + 1 << "\n\n";
      announced_ = -1;
    }
  } else if (verb == "edit") {
    const int finished = static_cast<int>(keeper_.deals().size());
    int k = 0;
    // The whole word a number (regression: sscanf took "1.9" and "2abc" for 1 and 2).
    if (words.size() == 2 && finished > 0 && !is_number_word(words[1])) {
      out_ << "  not a deal number: " << quote_input(words[1]) << " (edit N corrects a finished "
           << "deal, N from 1 to " << finished << ")\n";
      return true;
    }
    if (words.size() != 2 ||
        std::from_chars(words[1].data(), words[1].data() + words[1].size(), k).ec != std::errc() ||
        k < 1 || k > finished) {
      out_ << "  "
           << (finished == 0
                   ? std::string("no finished deal to correct yet")
                   : "edit N corrects a finished deal, N from 1 to " + std::to_string(finished))
           << "\n";
      return true;
    }
    edit(k - 1);
  } else if (verb == "export") {
    const std::string file = export_file(line);
    if (words.size() < 3 || file.empty()) {
      out_ << "  export csv FILE or export json FILE\n";
      return true;
    }
    export_sheet(lower(words[1]), file);
  } else if (verb == "quit" || verb == "exit") {
    quit_ = true;
  } else {
    return false;
  }
  return true;
}

void ScoreSession::edit(int k) {
  const ScoreDeal old = keeper_.deals()[static_cast<size_t>(k)];
  DealForm form(keeper_.rules(), keeper_.names(), keeper_.context(k));
  out_ << "Correcting deal " << k + 1
       << ": Enter keeps the value in brackets; 'undo' goes back, 'cancel' stops.\n";
  while (const std::optional<Question> q = form.question()) {
    const std::string fallback = form.answer_from(*q, old);
    std::string line;
    const std::string prompt = "  " + q->prompt + " (" + q->hint + ")" +
                               (fallback.empty() ? "" : " [" + fallback + "]") + ": ";
    if (!read_line(prompt, line)) {
      out_ << "  correction cancelled\n";
      return;
    }
    line = trim(line);
    const std::string verb = lower(line);
    if (verb == "cancel" || verb == "quit" || verb == "exit") {
      out_ << "  correction cancelled\n";
      quit_ = verb != "cancel";
      return;
    }
    if (verb == "undo") {
      if (!form.undo()) out_ << "  nothing to take back\n";
      continue;
    }
    if (verb == "sheet" || verb == "help") {
      command(line);
      continue;
    }
    if (line.empty()) line = fallback;
    if (line.empty()) continue;
    // Several numbers on a line, as at the main prompt (regression: "0 1 1" was "not a bid").
    const std::vector<std::string> answers = line_answers(line, q->kind);
    if (answers.size() > 1) {
      if (const std::string why = too_many_numbers(form, answers, q->kind); !why.empty()) {
        out_ << "  " << why << "\n";
        continue;
      }
    }
    for (size_t i = 0; i < answers.size(); ++i) {
      if (i > 0) out_ << "  " << form.question()->prompt << ": " << answers[i] << "\n";
      if (std::string error = form.answer(answers[i]); !error.empty()) {
        out_ << "  " << error << "\n";
        std::string rest;
        for (size_t j = i + 1; j < answers.size(); ++j) rest += " " + answers[j];
        if (!rest.empty()) out_ << "  (not taken:" << rest << ")\n";
        break;
      }
    }
  }
  if (std::string error = keeper_.replace(k, form.deal()); !error.empty()) {
    out_ << "  correction refused: " << error << "\n";
    return;
  }
  save();
  out_ << "  deal " << k + 1 << " corrected\n";
  announced_ = -1;
  print_sheet();
}

void ScoreSession::answer_line(const std::string& line) {
  const std::optional<Question> q = keeper_.current().question();
  const std::vector<std::string> answers = line_answers(line, q->kind);
  if (answers.size() > 1) {
    if (const std::string why = too_many_numbers(keeper_.current(), answers, q->kind);
        !why.empty()) {
      out_ << "  " << why << "\n";
      return;
    }
  }
  const size_t deal = keeper_.deals().size();
  for (size_t i = 0; i < answers.size(); ++i) {
    if (i > 0) out_ << "  " << keeper_.current().question()->prompt << ": " << answers[i] << "\n";
    if (std::string error = keeper_.answer(answers[i]); !error.empty()) {
      out_ << "  " << error << "\n";
      std::string rest;
      for (size_t j = i + 1; j < answers.size(); ++j) rest += " " + answers[j];
      if (!rest.empty()) out_ << "  (not taken:" << rest << ")\n";
      break;
    }
    save();
    if (keeper_.deals().size() != deal) {
      if (!keeper_.finished()) print_sheet();  // else the end of the game shows it
      break;
    }
  }
}

void ScoreSession::print_standings() {
  const auto& names = keeper_.names();
  const auto& totals = keeper_.tally().totals();
  // The order and the places of the winner line's own ranking (regression: a place moved on only
  // where the totals differed, and a scratch tie lost on bids, or a total of 0 without zero play,
  // was printed first beside the winner).
  const std::vector<Standing> standings = keeper_.tally().standings();
  // Names padded by display width, so that "Dušan", "李小龙" and "Igor" line up.
  size_t width = 0;
  for (const auto& name : names) width = std::max(width, display_width(name));
  out_ << "Final standings" << (lowest_wins(keeper_.rules().scoring) ? " (lowest wins)" : "")
       << ":\n";
  for (const Standing& s : standings) {
    const std::string name = names[s.seat] + std::string(width - display_width(names[s.seat]), ' ');
    out_ << "  " << s.place << ". " << name << "  " << to_string(totals[s.seat]) << "\n";
  }
}

// The end of a session whose save failed: the game goes to a file of its own in the data folder,
// or, failing that too, to the screen, so that it is not lost; exit status 1.
int ScoreSession::rescue() {
  const std::string text = write_score_file(keeper_);
  const std::string rescued = rescue_file(path_, text);
  if (rescued.empty()) {
    out_ << "The game could not be saved anywhere; its save file follows, to keep:\n" << text;
    if (!text.empty() && text.back() != '\n') out_ << "\n";
  } else {
    out_ << "Saved to " << shell_word(rescued) << " instead; resume with: whist score --resume "
         << shell_word(rescued) << "\n";
  }
  return 1;
}

int ScoreSession::run() {
  // A file that cannot be written is refused before anything is typed into it.
  if (const std::string error = write_file_atomic(path_, write_score_file(keeper_));
      !error.empty()) {
    // An error, so on stderr (regression: it went to the conversation's output).
    std::cerr << "whist score: " << error << "\n";
    return 1;
  }
  const auto& names = keeper_.names();
  std::string list;
  for (size_t p = 0; p < names.size(); ++p) list += (p ? ", " : "") + names[p];
  out_ << "Keeping score of " << keeper_.rules().variant << " for " << list << ".\n";
  // Where each sits at the table (the `direction` option): the next name bids, leads and deals
  // after the one before it.
  out_ << "Play goes " << direction_name(keeper_.rules()) << ", to the "
       << next_seat_side(keeper_.rules()) << ": seat the players in the order named.\n";
  out_ << "Saved after every answer to " << shell_word(path_) << "\n";
  out_ << "Type 'help' for the commands (sheet, undo, edit N, export, quit).\n";
  // The sheet so far; a finished game's comes once, with the standings, just below.
  if (keeper_.deals().empty()) {
    out_ << "\n";
  } else if (!keeper_.finished()) {
    print_sheet();
  }
  bool over_shown = false;
  while (!quit_) {
    std::string line;
    if (keeper_.finished()) {
      if (!over_shown) {
        out_ << "\nThe game is over.\n";
        print_sheet();
        print_standings();
        over_shown = true;
      }
      if (!read_line("Corrections: 'edit N' or 'undo'; 'export csv|json FILE'; Enter to finish: ",
                     line)) {
        break;
      }
      line = trim(line);
      if (line.empty()) break;
      const std::string before = keeper_.sheet();
      if (!command(line)) {
        out_ << "  not a command: " << quote_input(line) << " (help lists them)\n";
      }
      // A correction prints its sheet; the standings may have changed with it.
      if (keeper_.finished() && keeper_.sheet() != before) print_standings();
      continue;
    }
    over_shown = false;
    if (announced_ != static_cast<int>(keeper_.deals().size())) {
      announce_deal();
      announced_ = static_cast<int>(keeper_.deals().size());
    }
    const Question q = *keeper_.current().question();
    if (!read_line(q.prompt + " (" + q.hint + "): ", line)) break;
    line = trim(line);
    if (line.empty() || command(line)) continue;
    answer_line(line);
  }
  if (!save()) return rescue();
  if (keeper_.finished()) {
    out_ << "Saved to " << shell_word(path_) << "\n";
  } else {
    out_ << "Saved to " << shell_word(path_) << "; resume with: whist score --resume "
         << shell_word(path_) << "\n";
  }
  return 0;
}

}  // namespace whist::cli
