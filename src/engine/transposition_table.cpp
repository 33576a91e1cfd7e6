#include "engine/transposition_table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <new>
#include <type_traits>

namespace dvonn::engine {
namespace {

// A huge page on x86-64 Linux.
constexpr std::size_t kTableAlignment = std::size_t{2} << 20;

}  // namespace

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
  while (pairs * 2 * 2 * sizeof(Slot) <= bytes) pairs *= 2;
  count_ = pairs * 2;
  slots_.reset();
  // Aligned to a huge page and offered to the kernel as one: a probe is a
  // random access, and with 4 KB pages most of them also miss the TLB.
  // The alignment also keeps every pair of slots inside one cache line.
  const std::size_t size = count_ * sizeof(Slot);
  void* block = ::operator new (size, std::align_val_t{kTableAlignment});
#ifdef MADV_HUGEPAGE
  if (size >= kTableAlignment) madvise(block, size, MADV_HUGEPAGE);
#endif
  Slot* first = static_cast<Slot*>(block);
  for (std::size_t i = 0; i < count_; ++i) new (first + i) Slot;
  slots_.reset(first);
  mask_ = pairs - 1;
}

void TranspositionTable::Release::operator()(Slot* p) const {
  static_assert(std::is_trivially_destructible_v<Slot>);
  ::operator delete (p, std::align_val_t{kTableAlignment});
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i) {
    slots_[i].check.store(0, std::memory_order_relaxed);
    slots_[i].data.store(0, std::memory_order_relaxed);
  }
  generation_ = 0;
}

std::uint64_t TranspositionTable::pack(const TTEntry& e) {
  return static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.score)) | static_cast<std::uint64_t>(e.move) << 16 |
         static_cast<std::uint64_t>(static_cast<std::uint8_t>(e.depth)) << 32 |
         static_cast<std::uint64_t>(e.bound) << 40 | static_cast<std::uint64_t>(e.generation) << 48 |
         static_cast<std::uint64_t>(e.solved) << 56;
}

TTEntry TranspositionTable::unpack(std::uint64_t key, std::uint64_t d) {
  TTEntry e;
  e.key = key;
  e.score = static_cast<std::int16_t>(d & 0xffff);
  e.move = static_cast<std::uint16_t>(d >> 16 & 0xffff);
  e.depth = static_cast<std::int8_t>(d >> 32 & 0xff);
  e.bound = static_cast<Bound>(d >> 40 & 0xff);
  e.generation = static_cast<std::uint8_t>(d >> 48 & 0xff);
  e.solved = static_cast<std::uint8_t>(d >> 56 & 0xff);
  return e;
}

TTEntry TranspositionTable::read(const Slot& s) const {
  const std::uint64_t d = s.data.load(std::memory_order_relaxed);
  const std::uint64_t k = s.check.load(std::memory_order_relaxed) ^ d;
  TTEntry e = unpack(k, d);
  if (d == 0) e.bound = Bound::None;
  return e;
}

void TranspositionTable::write(Slot& s, const TTEntry& e) {
  const std::uint64_t d = pack(e);
  s.data.store(d, std::memory_order_relaxed);
  s.check.store(e.key ^ d, std::memory_order_relaxed);
}

std::optional<TTEntry> TranspositionTable::probe(std::uint64_t key) const {
  const Slot* pair = &slots_[(key & mask_) * 2];
  for (int i = 0; i < 2; ++i) {
    const TTEntry e = read(pair[i]);
    if (e.key == key && e.bound != Bound::None) return e;
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t code, bool solved) {
  Slot* pair = &slots_[(key & mask_) * 2];
  TTEntry e[2] = {read(pair[0]), read(pair[1])};
  if (!solved)
    for (int i = 0; i < 2; ++i)
      if (e[i].key == key && e[i].solved && e[i].bound != Bound::None) return;
  // Slot 0 keeps the deepest (or solved) result unless it is stale; slot 1
  // takes everything else.
  int slot;
  if (e[1].key == key && !(e[0].key == key))
    slot = 1;
  else if (e[0].key == key || e[0].bound == Bound::None || e[0].generation != generation_ ||
           depth + (solved ? 64 : 0) >= e[0].depth + (e[0].solved ? 64 : 0))
    slot = 0;
  else
    slot = 1;
  // Keep the old move when this result has none for the same position.
  if (e[slot].key == key && code == 0) code = e[slot].move;
  if (slot == 0 && e[0].key != key && e[0].bound != Bound::None) write(pair[1], e[0]);  // demote, don't lose it
  TTEntry n;
  n.key = key;
  n.score = static_cast<std::int16_t>(std::clamp(score, -32000, 32000));
  n.move = code;
  n.depth = static_cast<std::int8_t>(std::clamp(depth, -100, 100));
  n.bound = bound;
  n.generation = generation_;
  n.solved = solved ? 1 : 0;
  write(pair[slot], n);
}

}  // namespace dvonn::engine
