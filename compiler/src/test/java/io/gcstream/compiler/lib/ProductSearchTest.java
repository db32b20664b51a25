package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ProductSearchTest {
    @Test
    void presentSboxHasAFourAndCircuit() {
        // two placed products, two decided by linear algebra
        assertTrue(ProductSearch.exists(ProductSearch.tables(Present80.SBOX), 2, 2));
    }

    @Test
    void gf16InverseIsNotThreeProductsOfInputForms() {
        // every non-zero combination of its output bits is cubic, products of input forms are quadratic
        assertFalse(ProductSearch.exists(ProductSearch.tables(ProductSearch.gf16Inverse()), 0, 3));
    }

    @Test
    void gf16InverseHasAFiveAndCircuit() {
        assertTrue(ProductSearch.exists(ProductSearch.tables(ProductSearch.gf16Inverse()), 2, 3));
    }
}
