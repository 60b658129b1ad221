// The conversation of `whist score`: announces each deal, asks the scorekeeper's questions one at
// a time, shows refusals with their reasons and asks again, prints the sheet after every deal,
// and takes the commands (help, sheet, undo, edit N, export, quit). The game is saved after
// every accepted answer; end of input saves and stops.
#pragma once

#include <iosfwd>
#include <string>

#include "game/scorekeeper.h"
#include "game/sheet.h"

namespace whist::cli {

class ScoreSession {
 public:
  // `path`: the save file. `echo`: write each line read back to `out` (input that is not a
  // terminal, so that a transcript reads as a conversation).
  ScoreSession(Scorekeeper& keeper, std::string path, std::istream& in, std::ostream& out,
               SheetStyle style, bool echo);

  // Runs to the end of the game, `quit` or the end of input; returns the exit status.
  int run();

 private:
  bool read_line(const std::string& prompt, std::string& line);
  bool save();
  int rescue();
  void announce_deal();
  void answer_line(const std::string& line);
  // A command (help, sheet, undo, edit N, export ..., quit): true when `line` was one; sets
  // quit_ for quit.
  bool command(const std::string& line);
  void edit(int deal);
  void export_sheet(const std::string& kind, const std::string& file);
  void print_help();
  void print_standings();
  void print_sheet();

  Scorekeeper& keeper_;
  std::string path_;
  std::istream& in_;
  std::ostream& out_;
  SheetStyle style_;
  bool echo_ = false;
  bool quit_ = false;
  int announced_ = -1;  // the deal last announced
};

}  // namespace whist::cli
