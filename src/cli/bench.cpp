#include "cli/commands.h"

namespace whist::cli {

void add_bench(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("bench", "not yet");
  cmd->callback([&status] { status = 1; });
}

}  // namespace whist::cli
