// The transposition table: a fixed-size hash of search results keyed by the
// position's Zobrist key, two entries per slot pair (one kept by depth,
// one always replaced), so deep results survive while fresh ones still go in.
//
// Several search threads share it without locks: each entry is two 64-bit
// words, the packed data and the key XOR the data, so an entry torn by two
// threads writing at once no longer matches its key and reads as a miss.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/move.hpp"

namespace dvonn::engine {

enum class Bound : std::uint8_t { None = 0, Lower = 1, Upper = 2, Exact = 3 };

struct TTEntry {
  std::uint64_t key = 0;
  std::int16_t score = 0;
  std::uint16_t move = 0;  // encode_move(), 0 = none
  std::int8_t depth = 0;
  Bound bound = Bound::None;
  std::uint8_t generation = 0;
  std::uint8_t solved = 0;  // score is an exact game value (solver entries)
};
static_assert(sizeof(TTEntry) == 16);

// 16 bits: kind in the top two, from and to in 6 bits each. Zero means none
// (a pass is encoded with kind 3 so it is non-zero).
std::uint16_t encode_move(Move m);
Move decode_move(std::uint16_t code);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 64);
  void resize(std::size_t megabytes);
  void clear();
  void new_search() { ++generation_; }

  // A copy of the entry for key, if there is one.
  std::optional<TTEntry> probe(std::uint64_t key) const;
  // move: encode_move() of the best move, 0 when none is known. A solved
  // entry is never overwritten by an unsolved one for the same position.
  void store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t move, bool solved = false);

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};
  };
  static std::uint64_t pack(const TTEntry& e);
  static TTEntry unpack(std::uint64_t key, std::uint64_t data);
  // The entry in a slot (bound None when empty or torn).
  TTEntry read(const Slot& s) const;
  void write(Slot& s, const TTEntry& e);

  // Frees the table's aligned block (the slots need no destructor).
  struct Release {
    void operator()(Slot* p) const;
  };
  std::unique_ptr<Slot[], Release> slots_;
  std::size_t count_ = 0;
  std::size_t mask_ = 0;  // of the pair index
  std::uint8_t generation_ = 0;
};

}  // namespace dvonn::engine
