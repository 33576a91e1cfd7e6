// libFuzzer target for every text parser of the rules core: moves, squares,
// position strings and game records (and replaying what parses), and the
// community layer's time controls.
// Build and run: scripts/fuzz.sh [SECONDS]
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "community/time_control.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  (void)dvonn::parse_square(text);
  if (auto m = dvonn::parse_move(text, &error)) {
    // What parses must print back to something that parses to the same move.
    if (!(dvonn::parse_move(dvonn::to_string(*m)) == *m)) std::abort();
  }
  if (auto st = dvonn::parse_position(text, &error)) {
    auto again = dvonn::parse_position(dvonn::format_position(*st), &error);
    if (!again || !(*again == *st)) std::abort();
    dvonn::MoveList list;
    st->position.generate(list);
    for (const auto& mv : list)
      if (!st->position.is_legal(mv)) std::abort();
  }
  if (auto rec = dvonn::parse_record(text, &error)) {
    if (auto game = dvonn::replay_record(*rec, &error)) {
      auto back = dvonn::parse_record(dvonn::format_record(dvonn::record_of(*game)));
      if (!back) std::abort();
    }
  }
  {
    std::string tc_error;
    auto control = dvonn::community::parse_time_control(std::string(text), tc_error);
    if (tc_error.empty()) {
      std::string again;
      if (!(dvonn::community::parse_time_control(dvonn::community::format_time_control(control), again) == control))
        std::abort();
    }
  }
  return 0;
}
