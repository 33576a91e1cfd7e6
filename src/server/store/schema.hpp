// The database schema: games and moves (the original tables), users,
// sessions and rating history. Creating it on an existing database adds what
// is missing (new tables, new columns with defaults), so games stored by an
// older server still load.
#pragma once

#include "server/store/database.hpp"

namespace dvonn::server {

// Creates or migrates the schema; throws StoreError.
void create_schema(Database* db);

}  // namespace dvonn::server
