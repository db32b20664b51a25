package io.gcstream.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OtOptionsTest {
    @Test
    void chouOrlandiIsTheBaseOt() {
        assertEquals(BaseOtProtocol.CHOU_ORLANDI, OtOptions.defaults().baseOt());
        OtOptions o = OtOptions.builder().baseOt(BaseOtProtocol.CHOU_ORLANDI).threads(3).build();
        assertEquals(BaseOtProtocol.CHOU_ORLANDI, o.baseOt());
        assertEquals(o, o.toBuilder().build());
        assertNotEquals(OtOptions.defaults(), o);
        assertNotEquals(OtOptions.defaults().hashCode(), o.hashCode());
        assertTrue(o.toString().contains("baseOt=chou-orlandi"), o.toString());
        assertThrows(NullPointerException.class, () -> OtOptions.builder().baseOt(null));
    }
}
