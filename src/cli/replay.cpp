// `whist replay FILE`: reads a game record (docs/record-format.md), checks every action against
// the rules and prints the score sheet, or with --json a summary of the deals and totals (with
// the declarer, contract and thrown-in hands of Israeli whist; the contract, declarer, trump,
// called card, partner and payments of Call-Ace whist, whose totals are balances). Bad input:
// exit status 2 and one line on stderr naming the file, the deal, the action (bid, play, auction
// call, passing round; Call-Ace: trump, turned, call, exchange, discard) and the rule.
#include <fmt/core.h>

#include <memory>

#include "cli/commands.h"
#include "cli/files.h"
#include "game/record.h"
#include "game/sheet.h"

namespace whist::cli {

namespace {

struct ReplayArgs {
  std::string file;
  bool json = false;
  bool unicode = false;
};

// Reads a whole file, or standard input for "-"; on failure returns false and a message.
bool read_input(const std::string& path, std::string& text, std::string& error) {
  return path == "-" ? read_standard_input(text, error) : read_file(path, text, error);
}

int run_replay(const ReplayArgs& args) {
  std::string text, error;
  if (!read_input(args.file, text, error)) {
    print_error("replay", "{}", error);
    return 2;
  }
  const ReplayResult result = replay_record(text);
  if (!result.error.empty()) {
    // Named like the compilers' messages, as `whist play` and `whist score` name theirs, so that
    // a script replaying many records says which one is bad.
    const std::string where = args.file == "-" ? "" : args.file + ": ";
    print_error("replay", "{}{}", where, result.error);
    return 2;
  }
  if (args.json) {
    fmt::print("{}\n", replay_summary_json(*result.match));
    return 0;
  }
  SheetStyle style;
  style.unicode = args.unicode;
  const std::string sheet = format_sheet(*result.match, style);
  fmt::print("{}", sheet);
  if (!sheet.empty() && sheet.back() != '\n') fmt::print("\n");
  return 0;
}

}  // namespace

void add_replay(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("replay",
                                 "check a game record against the rules and print its score sheet");
  auto args = std::make_shared<ReplayArgs>();
  cmd->add_option("file", args->file, "the record (JSON, docs/record-format.md); - for stdin")
      ->required()
      ->check(not_empty());
  cmd->add_flag("--json", args->json, "print a JSON summary of deals and totals instead");
  cmd->add_flag("--unicode", args->unicode, "suit symbols in the score sheet");
  cmd->callback([args, &status] { status = run_replay(*args); });
}

}  // namespace whist::cli
