// Empty: the target only declares libFuzzer's driver (include/CLibFuzzer.h) for Swift.
#include "CLibFuzzer.h"
