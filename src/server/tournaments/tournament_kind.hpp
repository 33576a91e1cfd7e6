// The three kinds of tournament, and their names in the API and the store.
#pragma once

#include <optional>
#include <string_view>

namespace dvonn::server {

enum class TournamentKind { Swiss, RoundRobin, Arena };

// "swiss", "round_robin", "arena".
std::string_view to_string(TournamentKind kind);
// The kind named so, or nothing for any other text.
std::optional<TournamentKind> tournament_kind_from(std::string_view name);

}  // namespace dvonn::server
