// The `whist` program's subcommands, one file each. Each adds itself to the CLI11 app and
// stores its exit status in `status` when it runs.
#pragma once

#include <CLI/CLI.hpp>

namespace whist::cli {

void add_variants(CLI::App& app, int& status);
void add_simulate(CLI::App& app, int& status);
void add_bench(CLI::App& app, int& status);
void add_replay(CLI::App& app, int& status);
void add_arena(CLI::App& app, int& status);
void add_play(CLI::App& app, int& status);
void add_score(CLI::App& app, int& status);
void add_load(CLI::App& app, int& status);
void add_serve(CLI::App& app, int& status);

}  // namespace whist::cli
