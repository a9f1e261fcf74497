// A shared library that is not a syncsim plugin: no syncsim_plugin entry point.
extern "C" __attribute__((visibility("default"))) int some_other_library_function() {
    return 42;
}
