#include "protocol/match_runner.hpp"

#include <atomic>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "core/game_record.hpp"
#include "core/random_setup.hpp"

namespace dvonn::protocol {
namespace {

std::string today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);  // std::localtime is not safe from several threads
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

std::string record_name(int index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "game-%04d.dvonn", index + 1);
  return buf;
}

// The first engine's pieces minus the second's at the end of the game.
int piece_difference(const MatchGame& g) {
  Score s = g.game.game.position().score();
  int white_lead = s.white - s.black;
  return g.first_is_white ? white_lead : -white_lead;
}

}  // namespace

double MatchGame::first_score() const {
  Result r = game.result;
  if (r == Result::Draw) return 0.5;
  bool white_won = r == Result::WhiteWins;
  return white_won == first_is_white ? 1.0 : 0.0;
}

std::uint64_t pair_seed(std::uint64_t match_seed, int pair) {
  // SplitMix64 finaliser: neighbouring pairs get unrelated boards.
  std::uint64_t z = match_seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(pair) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t game_seed(std::uint64_t match_seed, int index) {
  // Another stream than the pairs' setups: a game's seed says nothing
  // about its opening.
  return 1 + pair_seed(match_seed ^ 0x5851f42d4c957f2dULL, index) % 2147483647ULL;
}

std::string command_for_game(const std::string& command, std::uint64_t seed) {
  static const std::string kPlaceholder = "{seed}";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = command.find(kPlaceholder, from)) != std::string::npos; from = at + kPlaceholder.size())
    out += command.substr(from, at - from) + std::to_string(seed);
  return out + command.substr(from);
}

std::string record_text(const MatchGame& g, const MatchSettings& settings) {
  const PlayerSpec& white = settings.engines[g.first_is_white ? 0 : 1];
  const PlayerSpec& black = settings.engines[g.first_is_white ? 1 : 0];
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", "dvonn match"}, {"Date", today()},     {"Round", std::to_string(g.index + 1)},
      {"White", white.name},    {"Black", black.name},
  };
  // A random opening needs no tag here: record_of writes it as a Position.
  if (settings.random_setup)
    tags.emplace_back("Setup", "random " + std::to_string(pair_seed(settings.seed, g.index / 2)));
  else if (settings.random_openings == 0 && settings.openings.empty())
    tags.emplace_back("Setup", "standard");
  GameRecord rec = record_of(g.game.game, tags);
  rec.set_tag("Result", result_tag(g.game.result));
  if (g.game.forfeited_by) {
    // The counts when play stopped: the game itself was not finished.
    Score s = g.game.game.position().score();
    rec.set_tag("Score", std::to_string(s.white) + "-" + std::to_string(s.black));
    rec.set_tag("Termination", std::string(termination_name(g.game.termination)) + ": " + g.game.detail);
  }
  return format_record(rec);
}

std::string check_match_settings(const MatchSettings& s) {
  for (const PlayerSpec& e : s.engines)
    if (e.command.empty()) return "an engine command is empty";
  if (s.games < 1) return "the number of games must be at least 1";
  if (s.concurrency < 1) return "the concurrency must be at least 1";
  if (!(s.referee.seconds_per_game > 0)) return "the time per game must be positive";
  if (s.random_openings < 0 || s.random_openings >= 49) return "the random opening placements must be 0..48";
  if (s.random_openings > 0 && s.random_setup) return "give either random setups or random openings, not both";
  if (!s.openings.empty() && (s.random_setup || s.random_openings > 0))
    return "give either an openings file or random setups or openings, not both";
  if (!(s.referee.tolerance >= 0)) return "the time tolerance must not be negative";
  if (s.sprt) {
    std::string why = check_sprt_settings(*s.sprt);
    if (!why.empty()) return "SPRT: " + why;
  }
  return "";
}

MatchReport run_match(const MatchSettings& settings,
                      const std::function<void(const MatchGame&, const MatchTotals&)>& on_game) {
  MatchReport report;
  std::vector<std::optional<MatchGame>> slots(static_cast<size_t>(settings.games));
  std::mutex mutex;  // guards slots, report.totals and on_game
  std::atomic<int> next{0};
  std::atomic<bool> stop{false};
  if (!settings.out_dir.empty()) {
    // A failure shows up as each game's record_error.
    std::error_code ec;
    std::filesystem::create_directories(settings.out_dir, ec);
  }

  auto worker = [&] {
    while (!stop) {
      int index = next++;
      if (index >= settings.games) return;
      MatchGame mg;
      mg.index = index;
      // Colours swap within each pair; pair k is games 2k (first engine
      // white) and 2k+1 (second engine white), from the same setup.
      mg.first_is_white = index % 2 == 0;
      RefereeSettings rs = settings.referee;
      if (!settings.openings.empty())
        rs.start = settings.openings[static_cast<std::size_t>(index / 2) % settings.openings.size()];
      else if (settings.random_openings > 0)
        rs.start = random_opening(pair_seed(settings.seed, index / 2), settings.random_openings);
      else if (settings.random_setup)
        rs.random_setup_seed = pair_seed(settings.seed, index / 2);
      PlayerSpec white = settings.engines[mg.first_is_white ? 0 : 1];
      PlayerSpec black = settings.engines[mg.first_is_white ? 1 : 0];
      const std::uint64_t seed = game_seed(settings.seed, index);
      white.command = command_for_game(white.command, seed);
      black.command = command_for_game(black.command, seed);
      mg.game = referee_game(white, black, rs);
      if (!settings.out_dir.empty()) {
        std::string path = (std::filesystem::path(settings.out_dir) / record_name(index)).string();
        std::ofstream f(path, std::ios::binary);
        if (f) f << record_text(mg, settings);
        if (f)
          mg.record_path = path;
        else
          mg.record_error = "could not write " + path;
      }

      std::lock_guard<std::mutex> lock(mutex);
      MatchTotals& t = report.totals;
      double score = mg.first_score();
      (score == 1.0 ? t.first.wins : score == 0.0 ? t.first.losses : t.first.draws)++;
      if (mg.game.forfeited_by) {
        bool white_forfeited = *mg.game.forfeited_by == Color::White;
        t.forfeits[white_forfeited == mg.first_is_white ? 0 : 1]++;
      } else {
        t.games_by_rules++;
        t.piece_difference_sum += piece_difference(mg);
      }
      if (settings.sprt && sprt(t.first, *settings.sprt).verdict != SprtVerdict::Continue) {
        t.stopped_by_sprt = next < settings.games;
        stop = true;
      }
      if (on_game) on_game(mg, t);
      slots[static_cast<size_t>(index)] = std::move(mg);
    }
  };
  int threads = std::min(settings.concurrency, settings.games);
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  for (auto& s : slots)
    if (s) report.games.push_back(std::move(*s));
  return report;
}

}  // namespace dvonn::protocol
