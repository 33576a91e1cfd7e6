#include "server/base/random_id.hpp"

#include <array>
#include <cstdint>
#include <mutex>
#include <random>

namespace dvonn::server {
namespace {

// std::random_device on /dev/urandom: the kernel's cryptographic generator,
// never a seeded pseudo-random sequence.
std::array<std::uint8_t, 16> random_128_bits() {
  static std::mutex mutex;
  static std::random_device device("/dev/urandom");
  std::array<std::uint8_t, 16> bytes{};
  std::lock_guard lock(mutex);
  for (std::size_t i = 0; i < bytes.size(); i += 4) {
    std::uint32_t r = device();
    for (std::size_t k = 0; k < 4; ++k) bytes[i + k] = static_cast<std::uint8_t>(r >> (8 * k));
  }
  return bytes;
}

constexpr std::string_view kBase64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace

std::string new_game_id() {
  auto b = random_128_bits();
  std::string id;
  // 128 bits in 6-bit groups: 21 full characters and one of 2 bits.
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::uint8_t byte : b) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      id += kBase64Url[(acc >> bits) & 63];
    }
  }
  if (bits > 0) id += kBase64Url[(acc << (6 - bits)) & 63];
  return id;
}

std::string new_seat_token() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (std::uint8_t byte : random_128_bits()) {
    token += kHex[byte >> 4];
    token += kHex[byte & 15];
  }
  return token;
}

bool looks_like_game_id(std::string_view text) {
  if (text.size() != 22) return false;
  for (char c : text)
    if (kBase64Url.find(c) == std::string_view::npos) return false;
  return true;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace dvonn::server
