#include "engine/transposition_table.hpp"

#include <algorithm>

namespace dvonn::engine {

std::uint16_t encode_move(Move m) {
  switch (m.kind) {
    case Move::Kind::Place:
      return static_cast<std::uint16_t>(1u << 14 | m.to);
    case Move::Kind::Step:
      return static_cast<std::uint16_t>(2u << 14 | m.from << 6 | m.to);
    case Move::Kind::Pass:
      return static_cast<std::uint16_t>(3u << 14);
  }
  return 0;
}

Move decode_move(std::uint16_t code) {
  switch (code >> 14) {
    case 1:
      return Move::place(code & 63);
    case 2:
      return Move::step(code >> 6 & 63, code & 63);
    default:
      return Move::pass();
  }
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
  // A power of two number of entry pairs that fits in the budget.
  std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  std::size_t pairs = 1;
  while (pairs * 2 * 2 * sizeof(TTEntry) <= bytes) pairs *= 2;
  entries_.assign(pairs * 2, TTEntry{});
  entries_.shrink_to_fit();
  mask_ = pairs - 1;
}

void TranspositionTable::clear() {
  std::fill(entries_.begin(), entries_.end(), TTEntry{});
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) const {
  const TTEntry* e = &entries_[(key & mask_) * 2];
  if (e[0].key == key && e[0].bound != Bound::None) return &e[0];
  if (e[1].key == key && e[1].bound != Bound::None) return &e[1];
  return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t code, bool solved) {
  TTEntry* e = &entries_[(key & mask_) * 2];
  if (!solved)
    for (int i = 0; i < 2; ++i)
      if (e[i].key == key && e[i].solved && e[i].bound != Bound::None) return;
  // Slot 0 keeps the deepest (or solved) result unless it is stale; slot 1
  // takes everything else.
  TTEntry* slot;
  if (e[1].key == key && !(e[0].key == key))
    slot = &e[1];
  else if (e[0].key == key || e[0].bound == Bound::None || e[0].generation != generation_ ||
           depth + (solved ? 64 : 0) >= e[0].depth + (e[0].solved ? 64 : 0))
    slot = &e[0];
  else
    slot = &e[1];
  // Keep the old move when this result has none for the same position.
  if (slot->key == key && code == 0) code = slot->move;
  if (slot == &e[0] && e[0].key != key && e[0].bound != Bound::None) e[1] = e[0];  // demote, don't lose it
  slot->key = key;
  slot->score = static_cast<std::int16_t>(std::clamp(score, -32000, 32000));
  slot->move = code;
  slot->depth = static_cast<std::int8_t>(std::clamp(depth, -100, 100));
  slot->bound = bound;
  slot->generation = generation_;
  slot->solved = solved ? 1 : 0;
}

int TranspositionTable::hashfull() const {
  int used = 0;
  std::size_t n = std::min<std::size_t>(entries_.size(), 2000);
  for (std::size_t i = 0; i < n; ++i) used += entries_[i].bound != Bound::None && entries_[i].generation == generation_;
  return static_cast<int>(used * 1000 / std::max<std::size_t>(n, 1));
}

}  // namespace dvonn::engine
