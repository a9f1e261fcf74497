// Launches as kernel sources write them, for cmake/syncsim_split_launchers.cmake:
// plain, qualified with template arguments and a cast, over lines, and
// named by a macro's call.
// comment k<<<1>>>
void A(int n, void* s) {
    k<<<n, nullptr, s>>>(1, 2);
    ns::k2<float, 4><<<static_cast<uint32_t>(n), nullptr, s>>>(x);
    k3
        <<<n,
           nullptr, s>>>(y);
    CONCAT(run, NAME)<half, 4>
        <<<1, nullptr, s>>>(z);
}
