package io.gcstream.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OtOptionsTest {
    @Test
    void chouOrlandiIsTheDefaultBaseOtAndNaorPinkasCanBeChosen() {
        assertEquals(BaseOtProtocol.CHOU_ORLANDI, OtOptions.defaults().baseOt());
        OtOptions np = OtOptions.builder().baseOt(BaseOtProtocol.NAOR_PINKAS).build();
        assertEquals(BaseOtProtocol.NAOR_PINKAS, np.baseOt());
        assertEquals(np, np.toBuilder().build());
        assertNotEquals(OtOptions.defaults(), np);
        assertNotEquals(OtOptions.defaults().hashCode(), np.hashCode());
        assertTrue(np.toString().contains("baseOt=naor-pinkas"), np.toString());
        assertThrows(NullPointerException.class, () -> OtOptions.builder().baseOt(null));
    }
}
