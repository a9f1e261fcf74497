// A launch whose configuration holds a semicolon: refused, naming line 4.
void B() {
    int x = 0;
    k<<<f(a; b), 1, 2>>>();
}
