#ifndef LIBFTS_FTS_WALK_INT_H
#define LIBFTS_FTS_WALK_INT_H 1
#include "fts-int.h"
#endif
