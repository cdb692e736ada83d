/* fts-walk-emit.c: placeholder, being written.  */
#include <config.h>
#include "fts-walk-int.h"
